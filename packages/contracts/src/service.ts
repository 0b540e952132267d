/** Liveness and readiness answers (`GET /healthz`, `GET /readyz`). */
import { z } from 'zod';

export const HealthResponseSchema = z.object({ status: z.literal('ok') });

export const ReadinessCheckSchema = z.object({ ok: z.boolean(), detail: z.string().optional() });

export const ReadinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  checks: z.object({ database: ReadinessCheckSchema, queue: ReadinessCheckSchema, catalogues: ReadinessCheckSchema }),
});
export type ReadinessResponse = z.infer<typeof ReadinessResponseSchema>;
