/** The account calls of spec 001 §7 and spec 000 §7, on top of `apiFetch`. */
import type { AccessTokenResponse, SendOtpResponse } from '@hound/contracts';
import { type ApiAnswer, apiFetch } from '../../lib/api-fetch.ts';

export interface RegistrationForm {
  first_name: string;
  last_name: string;
  email: string;
  date_of_birth: string;
}

/** The page's language goes with send-otp, so the mail comes in it. */
const languageHeader = (language: string) => ({ 'accept-language': language });

export function sendLoginCode(email: string, language: string): Promise<ApiAnswer<SendOtpResponse>> {
  return apiFetch('/auth/login/send-otp', { method: 'POST', body: { email }, headers: languageHeader(language) });
}

export function sendRegisterCode(form: RegistrationForm, language: string): Promise<ApiAnswer<SendOtpResponse>> {
  return apiFetch('/auth/register/send-otp', { method: 'POST', body: form, headers: languageHeader(language) });
}

export function verifyCode(
  purpose: 'login' | 'register',
  email: string,
  code: string,
): Promise<ApiAnswer<AccessTokenResponse>> {
  return apiFetch(`/auth/${purpose}/verify-otp`, { method: 'POST', body: { email, code } });
}
