/** The credit ledger as its owner sees it (`GET /me/credits/history`, issue 38 item 5c). */
import { z } from 'zod';

/** What moved the balance: the ledger's own kinds. */
export const CREDIT_ENTRY_KINDS = [
  'signup_grant',
  'admin_grant',
  'admin_deduct',
  'plan_allowance',
  'purchase',
  'reserve',
  'refund',
  'expiry',
  'payment_reversal',
] as const;

/**
 * A reserved credit's fate: `held` (set aside for the email search about to start; back after 15 minutes
 * unused), `spent` by a search, `returned` (that search failed on our side) or `expired` (unused, back).
 */
export const RESERVATION_FATES = ['held', 'spent', 'returned', 'expired'] as const;

export const CreditHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  /** Credits added (positive) or taken (negative). */
  delta: z.number().int(),
  balance_after: z.number().int(),
  kind: z.enum(CREDIT_ENTRY_KINDS),
  /** The ledger's reason (an admin's, "Monthly allowance", "Credit pack" …), if any. */
  reason: z.string().nullable(),
  /** For `reserve`: what became of the reserved credit. */
  reservation: z.enum(RESERVATION_FATES).nullable(),
  /** The email search a reserved credit paid for (or was returned by), when there is one. */
  search_id: z.string().nullable(),
});
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntrySchema>;

export const CreditHistoryResponseSchema = z.object({
  items: z.array(CreditHistoryEntrySchema),
  total: z.number().int(),
});
export type CreditHistoryResponse = z.infer<typeof CreditHistoryResponseSchema>;
