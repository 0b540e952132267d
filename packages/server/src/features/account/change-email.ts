/**
 * Changing an account's address (issue 38 item 5d), proven like a sign-up: a code goes to the new address
 * (the same limits, cooldown and guess rules as every code, decision 093), and only the account that asked
 * can use it. An address that already has an account gets a mail saying so instead of a code, and the
 * answer is the same (no enumeration). On the right code, in one transaction: the address changes, the new
 * mailbox's once-per-mailbox rules are claimed (its sign-up credits, and its trial if this account had
 * one: moving cannot unlock either), Email Plus reports still to come are addressed to it, the old address
 * is told (outbox), and Stripe's customer is queued to follow — sent after commit, retried by the
 * background pass.
 */
import { ACCOUNT_MESSAGES, normaliseEmail, type SendOtpResponse } from '@hound/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import {
  billingAccounts,
  emailPlusOrders,
  emailPlusSubscriptions,
  stripeCustomerUpdates,
  type UserRow,
  users,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { maskAddress } from '../../mail/mailer.ts';
import { emailChangedMail, type MailLanguage } from '../../mail/templates/account-mails.ts';
import type { AuthDeps } from '../auth/auth-deps.ts';
import { sendCode } from '../auth/send-code.ts';
import { validateEmail } from '../auth/validate.ts';
import { judgeCode } from '../auth/verify-code.ts';
import type { BillingDeps } from '../billing/billing-deps.ts';
import { pushCustomerEmail } from '../billing/push-customer-email.ts';
import { recordTrialMarker, trialMarker } from '../billing/trial-marker.ts';
import { claimSignupMailbox } from '../credits/signup-credits.ts';

export interface EmailChangeDeps {
  auth: AuthDeps;
  billing: BillingDeps;
}

function newAddress(user: UserRow, input: string): string {
  const email = normaliseEmail(validateEmail(input));
  if (email === user.email) throw new AppError('INVALID_INPUT', ACCOUNT_MESSAGES.sameEmail);
  return email;
}

/** `POST /me/email/change`: mails the new address a code for this account (or why not). */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  user: UserRow,
  input: { email: string; ip: string; language: MailLanguage; requestId?: string },
): Promise<SendOtpResponse> {
  const email = newAddress(user, input.email);
  return sendCode(deps.auth, {
    purpose: 'change_email',
    email,
    change: { userId: user.id },
    ip: input.ip,
    language: input.language,
    requestId: input.requestId,
  });
}

/** PostgreSQL's unique violation: another account took the address between the check and the update. */
const isUniqueViolation = (error: unknown) => (error as { code?: unknown } | null)?.code === '23505';

/** `POST /me/email/verify`: moves the account to the address whose code this is. */
export async function confirmEmailChange(
  deps: EmailChangeDeps,
  user: UserRow,
  input: { email: string; code: string; ip: string; requestId?: string },
): Promise<UserRow> {
  const email = newAddress(user, input.email);
  const { billing } = deps;
  const key = await deps.auth.key();
  let moved: { user: UserRow; customerId: string | null };
  try {
    moved = await judgeCode(
      deps.auth,
      { purpose: 'change_email', email, code: input.code, ip: input.ip, requestId: input.requestId },
      async (tx) => {
        const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
        if (taken) return null;
        const [updated] = await tx
          .update(users)
          .set({ email, updatedAt: billing.now() })
          .where(eq(users.id, user.id))
          .returning();
        if (!updated) return null;
        // Reports still to come go to the account's address (decision 081), so to the new one.
        await tx
          .update(emailPlusSubscriptions)
          .set({ deliveryEmail: email })
          .where(eq(emailPlusSubscriptions.userId, user.id));
        await tx
          .update(emailPlusOrders)
          .set({ deliveryEmail: email })
          .where(
            and(
              eq(emailPlusOrders.userId, user.id),
              inArray(emailPlusOrders.status, ['lead', 'paid', 'in_progress', 'disputed']),
            ),
          );
        // The new mailbox cannot grant sign-up credits again, nor a trial this account already had.
        await claimSignupMailbox(tx, key, email);
        const [account] = await tx.select().from(billingAccounts).where(eq(billingAccounts.userId, user.id));
        if (account?.trialUsed || user.plan === 'trial') await recordTrialMarker(tx, trialMarker(key, email));
        if (account) {
          await tx
            .insert(stripeCustomerUpdates)
            .values({ customerId: account.customerId, email })
            .onConflictDoUpdate({
              target: stripeCustomerUpdates.customerId,
              set: { email, attempts: 0, nextAttemptAt: billing.now() },
            });
        }
        const context = {
          brand: billing.options.brand,
          publicUrl: billing.options.publicUrl,
          language: updated.language,
        };
        await billing.mailer.enqueue(tx, emailChangedMail(user.email, maskAddress(email), context));
        return { user: updated, customerId: account?.customerId ?? null };
      },
      // The code moves the account that asked for it: for any other account it is not a code at all.
      (code) => code.change?.userId === user.id,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('AUTH_INVALID_CODE', ACCOUNT_MESSAGES.invalidCode);
    throw error;
  }
  billing.mailer.flush();
  billing.log.info({ userId: user.id }, 'account address changed');
  if (moved.customerId) await pushCustomerEmail(billing, moved.customerId);
  return moved.user;
}
