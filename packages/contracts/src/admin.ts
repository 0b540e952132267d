/** The admin area (spec 001 §2 Admin, §3, §5, §7) and the API waitlist. */
import { z } from 'zod';
import { PlanSchema } from './auth.ts';
import { isPlainEmailAddress } from './email-address.ts';
import { pageQuery } from './paging.ts';

export const ADMIN_LIMITS = { creditsMin: 1, creditsMax: 1000, pageMax: 200 } as const;

export const ADMIN_MESSAGES = {
  userNotFound: 'No user with that email address.',
  creditsRange: 'Credits must be a whole number from 1 to 1000.',
  insufficientCredits: 'The user has only {available} credits.',
  lastAdmin: 'You are the last admin: another admin must exist before your admin rights can be removed.',
  failedToUpdatePlan: 'Failed to update plan',
  failedToFetchUsers: 'Failed to fetch users summary',
  defaultGrantReason: 'Added by admin',
  defaultDeductReason: 'Deducted by admin',
  planPaidThroughStripe:
    'This customer pays through Stripe, so their plan follows the subscription. Change or cancel it in Stripe.',
  planGrantReason: 'Plan set by admin',
  keyReused:
    'This Idempotency-Key was already used for another credit change (another user, direction or amount). Send a new key.',
} as const;

/** `GET /admin/users/summary?q=&plan=&limit=&skip=`: search by address or name, filter by plan, newest first. */
export const AdminUsersQuerySchema = z.object({
  q: z.string().max(100).optional(),
  plan: PlanSchema.optional(),
  ...pageQuery({ max: ADMIN_LIMITS.pageMax, default: 50 }),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  plan: PlanSchema,
  is_admin: z.boolean(),
  search_count: z.number().int(),
  email_search_credits: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  /**
   * The Stripe subscription's status when the user has a running one (`trialing`, `active`, `past_due`):
   * their plan follows it, and an admin cannot set it (issue 27 item 15). Null otherwise.
   */
  subscription_status: z.string().nullable().optional(),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUsersSummarySchema = z.object({
  /** Counts over every user, whatever the query. */
  overview: z.object({
    total_users: z.number().int(),
    free_count: z.number().int(),
    trial_count: z.number().int(),
    premium_count: z.number().int(),
  }),
  items: z.array(AdminUserSchema),
  /** Users matching the query (for paging). */
  total: z.number().int(),
});
export type AdminUsersSummary = z.infer<typeof AdminUsersSummarySchema>;

export const UpdatePlanRequestSchema = z.object({ email: z.string().max(1000), plan: PlanSchema });
/**
 * Setting trial or premium on a user without a subscription grants that plan's allowance once (the trial's
 * or a month's credits); it does not renew (decision 109). `credits` is the balance after.
 */
export const UpdatePlanResponseSchema = z.object({
  email: z.string(),
  old_plan: PlanSchema,
  plan: PlanSchema,
  credits_granted: z.number().int().optional(),
  credits: z.number().int().optional(),
});
export const UpdateAdminRequestSchema = z.object({ email: z.string().max(1000), is_admin: z.boolean() });
export const UpdateAdminResponseSchema = z.object({ email: z.string(), is_admin: z.boolean() });

/** `credits` is checked by the server (integer 1–1000); the client falls back to 1 for invalid input. */
export const CreditChangeRequestSchema = z.object({
  email: z.string().max(1000),
  credits: z.unknown(),
  reason: z.string().max(200).optional(),
});
export const CreditChangeResponseSchema = z.object({ old_credits: z.number().int(), new_credits: z.number().int() });
export type CreditChangeResponse = z.infer<typeof CreditChangeResponseSchema>;

export const AuditEntrySchema = z.object({
  id: z.number().int(),
  actor_email: z.string(),
  action: z.string(),
  target_email: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});
export const AuditQuerySchema = z.object({
  target: z.string().max(100).optional(),
  ...pageQuery({ max: ADMIN_LIMITS.pageMax, default: 50 }),
});
export const AuditResponseSchema = z.object({ items: z.array(AuditEntrySchema), total: z.number().int() });
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** `POST /api/subscribe` (spec 001 §7): always this shape, success or not. */
export const SubscribeRequestSchema = z.object({ email: z.unknown() });
export const SubscribeResponseSchema = z.object({ status: z.enum(['success', 'error']), message: z.string() });
export type SubscribeResponse = z.infer<typeof SubscribeResponseSchema>;

export const SUBSCRIBE_MESSAGES = {
  success: 'You have been successfully subscribed',
  emptyTitle: 'Validation Error',
  empty: 'Please enter your email address',
  invalidTitle: 'Invalid Email',
  invalid: 'Please enter a valid email address',
  tooMany: 'Too many requests. Please try again later.',
} as const;

/** The usual address pattern of the signup form, with the spec's forbidden characters and length. */
export function subscribeProblem(email: unknown): string | null {
  if (typeof email !== 'string' || email.trim() === '') return SUBSCRIBE_MESSAGES.empty;
  const value = email.trim();
  if (value.length > 70 || /[$/\\"]/.test(value) || !isPlainEmailAddress(value)) return SUBSCRIBE_MESSAGES.invalid;
  return null;
}

export const WaitlistResponseSchema = z.object({
  items: z.array(
    z.object({
      email: z.string(),
      created_at: z.string(),
      /** When "the API is open" was mailed to it; null until then. */
      notified_at: z.string().nullable(),
    }),
  ),
  total: z.number().int(),
  /** Addresses not mailed yet. */
  waiting: z.number().int(),
});

/** `POST /admin/waitlist/notify`: how many addresses were mailed now (each address is mailed once). */
export const WaitlistNotifyResponseSchema = z.object({ mailed: z.number().int() });
