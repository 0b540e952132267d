/** Pieces the v1 search routes share: a list item's common fields, the SSE resume header, the errors. */
import { V1ErrorSchema } from '@hound/contracts';
import { z } from 'zod';

export const IdParams = z.object({ id: z.string().max(64) });

/** `Last-Event-ID` of a resumed event stream: decimal digits only. */
export const LastEventIdHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,9}$/)
    .optional(),
});

export const v1Errors = {
  400: V1ErrorSchema,
  401: V1ErrorSchema,
  403: V1ErrorSchema,
  404: V1ErrorSchema,
  429: V1ErrorSchema,
};

/** A search row as a list item (the username or address is added by the caller). */
export function listItem(row: {
  id: string;
  createdAt: Date;
  finishedAt: Date | null;
  found: number;
  done: number;
  total: number;
  apiKeyId: string | null;
}) {
  return {
    search_id: row.id,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    found: row.found,
    checked: row.done,
    total: row.total,
    api_key_id: row.apiKeyId,
  };
}
