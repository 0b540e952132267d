/** What the watch routes (the owner's, the mail links', the admin's) share: their error answers and `:id`. */
import { DetailErrorSchema, type V1ErrorSchema } from '@hound/contracts';
import { z } from 'zod';

/**
 * The error answers, in the shape of the surface that serves them: the web app's `{code, detail}`, or under
 * `/api/v1` the API's `{status, code, error, detail}` (a response schema keeps only the fields it names).
 */
export function watchErrorsAs(schema: typeof DetailErrorSchema | typeof V1ErrorSchema) {
  return { 400: schema, 401: schema, 403: schema, 404: schema, 409: schema, 422: schema, 429: schema, 503: schema };
}

export const watchErrors = watchErrorsAs(DetailErrorSchema);

export const WatchIdParams = z.object({ id: z.string().min(1).max(64) });
