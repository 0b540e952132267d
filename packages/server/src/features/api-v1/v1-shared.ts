/** Pieces the v1 search routes share: the page query and a list page, the SSE resume header, the errors. */
import { pageQuery, V1ErrorSchema } from '@hound/contracts';
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

/** A list's `?limit=&skip=` (20 by default, at most 100). */
export const V1PageQuery = z.object(pageQuery({ max: 100, default: 20 }));

interface ListedSearch {
  id: string;
  createdAt: Date;
  finishedAt: Date | null;
  found: number;
  done: number;
  total: number;
  apiKeyId: string | null;
}

/** A search row as a list item (the username or address is added by the caller). */
export function listItem(row: ListedSearch) {
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

/** One page of searches: each row's common fields and what its kind adds (`username` or `email`, status). */
export function listPage<Row extends ListedSearch, Extra extends object>(rows: Row[], extra: (row: Row) => Extra) {
  return { items: rows.map((row) => ({ ...listItem(row), ...extra(row) })) };
}
