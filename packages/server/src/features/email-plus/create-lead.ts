/**
 * `POST /api/email/plus/lead`: the target address of an Email Plus report, with the requester's stated
 * purpose and acceptance of the Email Terms (a report on a person needs both). The requester is the
 * session's user; the spec's `x-user-email` header must name that same address.
 */
import { BILLING_MESSAGES, emailSearchProblem, LEAD_LIMITS, normaliseEmail } from '@hound/contracts';
import type { Database } from '../../db/client.ts';
import { emailPlusOrders, type UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { newId } from '../../ids.ts';

export interface LeadInput {
  headerEmail: string | undefined;
  email: string;
  purpose: string | undefined;
  acceptTerms: boolean | undefined;
}

export async function createLead(db: Database, user: UserRow, input: LeadInput): Promise<{ lead_id: string }> {
  if (!input.headerEmail || normaliseEmail(input.headerEmail) !== user.email) {
    throw new AppError('FORBIDDEN', BILLING_MESSAGES.emailHeaderMismatch);
  }
  const problem = emailSearchProblem(input.email);
  if (problem) throw new AppError('EMAIL_ADDRESS_INVALID', problem);
  const purpose = input.purpose?.trim() ?? '';
  if (purpose.length < LEAD_LIMITS.purposeMin || purpose.length > LEAD_LIMITS.purposeMax) {
    throw new AppError('INVALID_INPUT', BILLING_MESSAGES.purposeRequired);
  }
  if (input.acceptTerms !== true) throw new AppError('INVALID_INPUT', BILLING_MESSAGES.termsRequired);
  const id = newId();
  await db.insert(emailPlusOrders).values({
    id,
    userId: user.id,
    targetEmail: normaliseEmail(input.email),
    deliveryEmail: user.email,
    purpose,
  });
  return { lead_id: id };
}
