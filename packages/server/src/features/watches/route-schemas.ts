/** What the watch routes (the owner's, the mail links', the admin's) share: their error answers and `:id`. */
import { DetailErrorSchema } from '@hound/contracts';
import { z } from 'zod';

export const watchErrors = {
  400: DetailErrorSchema,
  401: DetailErrorSchema,
  403: DetailErrorSchema,
  404: DetailErrorSchema,
  409: DetailErrorSchema,
  422: DetailErrorSchema,
  429: DetailErrorSchema,
};

export const WatchIdParams = z.object({ id: z.string().min(1).max(64) });
