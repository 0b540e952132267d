/** `?limit=&skip=` of every list route: bounded whole numbers, so no request pages past what a table holds. */
import { z } from 'zod';

/** No list is paged this deep; a larger `skip` is a client bug or a probe, answered 422. */
export const PAGE_SKIP_MAX = 100_000;

/** The error code of an out-of-range or non-numeric `limit`/`skip` (HTTP 422). */
export const PAGE_ERROR_CODE = 'PAGE_OUT_OF_RANGE';

/**
 * One paging number from the query string: plain digits within [min, max], `fallback` when absent.
 * A failure is a custom issue carrying `params.code`, which the server's error handler answers as 422.
 */
function pageNumber(min: number, max: number, fallback: number) {
  return z
    .string()
    .optional()
    .transform((raw, ctx) => {
      if (raw === undefined) return fallback;
      const value = /^\d{1,9}$/.test(raw) ? Number(raw) : Number.NaN;
      if (value >= min && value <= max) return value;
      ctx.addIssue({
        code: 'custom',
        message: `must be a whole number from ${min} to ${max}`,
        params: { code: PAGE_ERROR_CODE },
      });
      return z.NEVER;
    })
    .meta({ type: 'integer', minimum: min, maximum: max, description: `Default ${fallback}.` });
}

/** `limit` (1–`limit.max`, default `limit.default`) and `skip` (0–PAGE_SKIP_MAX, default 0). */
export function pageQuery(limit: { max: number; default: number }) {
  return {
    limit: pageNumber(1, limit.max, limit.default),
    skip: pageNumber(0, PAGE_SKIP_MAX, 0),
  };
}
