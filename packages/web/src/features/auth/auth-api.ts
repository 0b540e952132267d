/** The account calls of spec 001 §7 and spec 000 §7, on top of `apiFetch`. */
import type { AccessTokenResponse, SendOtpResponse, User } from '@hound/contracts';
import { type ApiAnswer, apiFetch } from '../../lib/api-fetch.ts';

export interface RegistrationForm {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
}

/** The page's language goes with send-otp, so the mail comes in it. */
export const languageHeader = (language: string) => ({ 'accept-language': language });

/**
 * One random id per sign-in, sign-up or address-change flow, sent with its sends and its verify: the server
 * then accepts only codes mailed for this flow, so someone sharing this network cannot slip their own
 * registration's code into it (decision 135).
 */
export function newFlowId(): string {
  // getRandomValues, not randomUUID: the latter is missing on plain-http pages that are not localhost.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function sendLoginCode(email: string, language: string, flow: string): Promise<ApiAnswer<SendOtpResponse>> {
  return apiFetch('/auth/login/send-otp', {
    method: 'POST',
    body: { email, request_id: flow },
    headers: languageHeader(language),
  });
}

export function sendRegisterCode(
  form: RegistrationForm,
  language: string,
  flow: string,
): Promise<ApiAnswer<SendOtpResponse>> {
  return apiFetch('/auth/register/send-otp', {
    method: 'POST',
    body: { ...form, request_id: flow },
    headers: languageHeader(language),
  });
}

export function verifyCode(
  purpose: 'login' | 'register',
  email: string,
  code: string,
  flow: string,
): Promise<ApiAnswer<AccessTokenResponse>> {
  return apiFetch(`/auth/${purpose}/verify-otp`, { method: 'POST', body: { email, code, request_id: flow } });
}

/** Asks to move the signed-in account to `email`: a code goes there (issue 38 item 5d). */
export function sendEmailChangeCode(
  email: string,
  language: string,
  flow: string,
): Promise<ApiAnswer<SendOtpResponse>> {
  return apiFetch('/me/email/change', {
    method: 'POST',
    body: { email, request_id: flow },
    headers: languageHeader(language),
  });
}

/** Moves the signed-in account to `email` with the code mailed there; answers the updated user. */
export function verifyEmailChange(email: string, code: string, flow: string): Promise<ApiAnswer<User>> {
  return apiFetch('/me/email/verify', { method: 'POST', body: { email, code, request_id: flow } });
}
