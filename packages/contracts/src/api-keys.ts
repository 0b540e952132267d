/**
 * API keys (`/me/api-keys`, session-only) and what `/api/v1` answers about them (decision 143).
 */
import { z } from 'zod';

/** What a key may do. None of them reaches billing, admin, account deletion or key management. */
export const API_KEY_SCOPES = ['search:username', 'search:email', 'watch', 'account:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_MESSAGES = {
  invalid: 'Invalid or revoked API key.',
  wrongRoute: 'API keys work only on /api/v1. Sign in for the rest of the service.',
  scope: 'This API key does not have the scope this call needs',
  notFound: 'No such API key.',
  tooMany: 'This account already has as many API keys as its plan allows.',
  planRequired: 'API access is not included in this account’s plan.',
  revoked: 'This API key was revoked.',
  rateLimited: 'Too many requests with this API key. Wait until the limit resets.',
  dailyLimit: 'This API key has used up today’s searches (UTC day).',
  idempotencyRequired: 'An Idempotency-Key header is required: a retry with the same key spends no second credit.',
} as const;

export const ApiKeyLimitsSchema = z.object({
  plan: z.enum(['free', 'trial', 'premium']),
  /** 0: the plan has no API access. */
  requests_per_minute: z.number().int(),
  active_searches: z.number().int(),
  searches_per_day: z.number().int(),
  max_keys: z.number().int(),
});
export type ApiKeyLimits = z.infer<typeof ApiKeyLimitsSchema>;

export const ApiUsageDaySchema = z.object({
  day: z.string().describe('UTC day, YYYY-MM-DD'),
  requests: z.number().int(),
  searches: z.number().int(),
  email_searches: z.number().int(),
  /** Credits spent net of refunds. */
  credits: z.number().int(),
});
export type ApiUsageDay = z.infer<typeof ApiUsageDaySchema>;

export const CreateApiKeyRequestSchema = z.object({
  name: z.string().trim().min(1).max(60),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1).max(API_KEY_SCOPES.length),
});
export type CreateApiKeyRequest = z.infer<typeof CreateApiKeyRequestSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** `hound_live_<id>_…<last 4>`: enough to recognise a key, never enough to use it. */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  rolled_at: z.string().nullable(),
  /** After a roll, the previous secret works until then. */
  previous_valid_until: z.string().nullable(),
  revoked_at: z.string().nullable(),
  /** The last 30 UTC days, oldest first (days without use included). */
  usage: z.array(ApiUsageDaySchema),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreatedApiKeySchema = ApiKeySchema.extend({
  key: z.string().describe('The full key, shown this once: `hound_live_<id>_<secret>_<checksum>`'),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema), limits: ApiKeyLimitsSchema });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;
