/**
 * Accounts: one-time-code sign-up and sign-in, sessions, the current user and profile (spec 001 §2–§9,
 * spec 000 §3–§4, §7). The rules and messages here are the spec's; the server enforces them, the web app
 * shows the same messages before sending.
 */
import { z } from 'zod';
import { isPlainEmailAddress } from './email-address.ts';
import { LeadReasonSchema } from './leads.ts';

export const ACCOUNT_LIMITS = {
  emailMaxLength: 70,
  nameMaxLength: 50,
  codeLength: 6,
  minimumAge: 18,
} as const;

/** Characters the spec forbids in emails and names: `$ / \ "`. */
export const FORBIDDEN_CHARACTERS = /[$/\\"]/;

export const ACCOUNT_MESSAGES = {
  emailRequired: 'Please enter an email address',
  invalidEmail: 'Invalid email. Max 70 chars. Characters $ / \\ " are not allowed.',
  invalidFirstName: 'Invalid first name. Max 50 chars. Characters $ / \\ " are not allowed.',
  invalidLastName: 'Invalid last name. Max 50 chars. Characters $ / \\ " are not allowed.',
  firstNameRequired: 'First name is required.',
  lastNameRequired: 'Last name is required.',
  /** Not an address at all (`not-an-email`): the spec's message above is about length and characters. */
  malformedEmail: 'Enter a valid email address, like name@example.com.',
  dateOfBirthRequired: 'Date of birth is required.',
  invalidDateOfBirth: 'Enter a valid date of birth.',
  tooYoung: 'You must be 18 years or older to register.',
  enterCode: 'Enter the 6-digit code.',
  invalidCode: 'Invalid code',
  failedToSendCode: 'Failed to send code',
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  invalidCredentials: 'Invalid email or password.',
  weakPassword: 'Use a password of 10 to 200 characters.',
  tooManyCodes: 'Too many codes requested. Please wait and try again.',
  tooManyAttempts: 'Too many failed attempts. Please wait and try again, or sign in with a code.',
  codeCooldown: 'Please wait {seconds} seconds before requesting another code.',
  busy: 'Too many sign-ins at once. Please try again in a moment.',
  notAuthenticated: 'Please sign in to continue',
  adminOnly: 'Admin access required',
  sameEmail: 'That is already your address.',
} as const;

/** Trimmed, lower-cased address: the form accounts are looked up and stored in. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** `null` when valid, else the spec's message. */
export function emailProblem(email: string): string | null {
  const value = email.trim();
  if (value === '') return ACCOUNT_MESSAGES.emailRequired;
  if (value.length > ACCOUNT_LIMITS.emailMaxLength || FORBIDDEN_CHARACTERS.test(value))
    return ACCOUNT_MESSAGES.invalidEmail;
  if (!isPlainEmailAddress(value)) return ACCOUNT_MESSAGES.malformedEmail;
  return null;
}

/** Names go into mails as one plain line: no line breaks, control or direction-override characters. */
const NAME_CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

export function nameProblem(name: string, which: 'first' | 'last'): string | null {
  const value = name.trim();
  if (value === '') return which === 'first' ? ACCOUNT_MESSAGES.firstNameRequired : ACCOUNT_MESSAGES.lastNameRequired;
  if (
    value.length > ACCOUNT_LIMITS.nameMaxLength ||
    FORBIDDEN_CHARACTERS.test(value) ||
    NAME_CONTROL_CHARACTERS.test(value)
  )
    return which === 'first' ? ACCOUNT_MESSAGES.invalidFirstName : ACCOUNT_MESSAGES.invalidLastName;
  return null;
}

/** Whole years between a `YYYY-MM-DD` birth date and `today` (UTC calendar dates). */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const month = today.getUTCMonth() + 1;
  if (month < m || (month === m && today.getUTCDate() < d)) age -= 1;
  return age;
}

/** A real calendar date `YYYY-MM-DD`, not in the future and not absurdly old. */
export function isCalendarDate(value: string, today: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  return date.getTime() <= today.getTime() && y >= today.getUTCFullYear() - 130;
}

export function dateOfBirthProblem(value: string | undefined | null, today: Date): string | null {
  if (!value || value.trim() === '') return ACCOUNT_MESSAGES.dateOfBirthRequired;
  if (!isCalendarDate(value.trim(), today)) return ACCOUNT_MESSAGES.invalidDateOfBirth;
  if (ageOn(value.trim(), today) < ACCOUNT_LIMITS.minimumAge) return ACCOUNT_MESSAGES.tooYoung;
  return null;
}

/** The code input keeps digits only (spec §5); a code is exactly six of them. */
export function digitsOnly(value: string): string {
  return value.replace(/\D/g, '').slice(0, ACCOUNT_LIMITS.codeLength);
}

export function codeProblem(code: string): string | null {
  return /^\d{6}$/.test(code) ? null : ACCOUNT_MESSAGES.enterCode;
}

export const PASSWORD_LIMITS = { min: 10, max: 200 } as const;

// Request bodies. Fields are loose strings here: the rules above give the spec's messages, which a zod
// schema's own messages would not.
/**
 * A random id the client chooses once per sign-in, sign-up or address-change flow and sends with every
 * send and the verify (issue 38 item 5): a code mailed for one flow then finishes only that flow, so a
 * stranger behind the same address group cannot slip their own registration's code in (decision 135).
 * Optional, for API clients that send none.
 */
const requestId = z.string().min(16).max(100).optional();

export const LoginSendOtpRequestSchema = z.object({ email: z.string().max(1000), request_id: requestId });
export const RegisterSendOtpRequestSchema = z.object({
  first_name: z.string().max(1000),
  last_name: z.string().max(1000),
  email: z.string().max(1000),
  date_of_birth: z.string().max(100).nullable().optional(),
  request_id: requestId,
});
export const VerifyOtpRequestSchema = z.object({
  email: z.string().max(1000),
  code: z.string().max(100),
  request_id: requestId,
});
/** `POST /me/email/change`: the address the account should move to (a code goes there). */
export const EmailChangeRequestSchema = z.object({ email: z.string().max(1000), request_id: requestId });
export const PasswordRegisterRequestSchema = RegisterSendOtpRequestSchema.extend({ password: z.string().max(1000) });
export const PasswordLoginRequestSchema = z.object({ email: z.string().max(1000), password: z.string().max(1000) });
export const UpdateProfileRequestSchema = z.object({
  first_name: z.string().max(1000),
  last_name: z.string().max(1000),
  language: z.enum(['en', 'tr']).optional(),
});
export type RegisterSendOtpRequest = z.infer<typeof RegisterSendOtpRequestSchema>;

/**
 * Answer to both send-otp calls. The same for known and unknown addresses (no account enumeration);
 * `resend_after_seconds` is when another code may be requested.
 */
export const SendOtpResponseSchema = z.object({
  status: z.literal('sent'),
  message: z.string(),
  resend_after_seconds: z.number().int(),
});
export type SendOtpResponse = z.infer<typeof SendOtpResponseSchema>;

export const AccessTokenResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer') });
export type AccessTokenResponse = z.infer<typeof AccessTokenResponseSchema>;

export const PLANS = ['free', 'trial', 'premium'] as const;
export const PlanSchema = z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

/** `GET /auth/me`: the signed-in user (spec 001 §3). */
export const UserSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  date_of_birth: z.string().nullable(),
  is_admin: z.boolean(),
  plan: PlanSchema,
  email_search_credits: z.number().int(),
  search_count: z.number().int(),
  language: z.enum(['en', 'tr']),
  created_at: z.string(),
  /** The account can sign in with a password (it can remove it: `DELETE /me/password`). */
  has_password: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

/** Error body of the account, billing, email-search and admin calls: the message is in `detail`. */
export const DetailErrorSchema = z.object({ detail: z.string(), code: z.string() });
export type DetailError = z.infer<typeof DetailErrorSchema>;

/** `GET /me/searches`: the signed-in user's username searches, newest first. */
export const MySearchSchema = z.object({
  id: z.string(),
  username: z.string(),
  status: z.enum(['queued', 'running', 'completed', 'error', 'cancelled']),
  created_at: z.string(),
  total_found: z.number().int(),
  progress: z.object({ done: z.number().int(), total: z.number().int() }),
  /** Follow leads (issue 29): the search whose found profile led to this one (null: started by the user). */
  parent_id: z.string().nullable().optional(),
  /** An email search's pivot (decision 116): the email search whose address or answer named this username. */
  parent_email_search_id: z.string().nullable().optional(),
  /** Why it was searched: `text` e.g. "linked from the GitHub profile of alice", and the profile that named it. */
  reason: LeadReasonSchema.nullable().optional(),
});
export const MySearchesResponseSchema = z.object({ items: z.array(MySearchSchema), total: z.number().int() });
export type MySearch = z.infer<typeof MySearchSchema>;
export type MySearchesResponse = z.infer<typeof MySearchesResponseSchema>;

/** `GET /dev/mailbox.json` (development only): messages the server would have sent. */
export const DevMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  created_at: z.string(),
});
export const DevMailboxResponseSchema = z.object({ items: z.array(DevMailSchema) });
export type DevMail = z.infer<typeof DevMailSchema>;
