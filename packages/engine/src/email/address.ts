import { createHash } from 'node:crypto';
import type { EmailVariable } from './catalogue-format.ts';

export const MAX_EMAIL_LENGTH = 254;

export type EmailInputErrorCode = 'empty_email' | 'invalid_email';

/** Input that is not one plain address. `code` is stable. */
export class EmailInputError extends Error {
  readonly code: EmailInputErrorCode;
  constructor(code: EmailInputErrorCode, message: string) {
    super(message);
    this.name = 'EmailInputError';
    this.code = code;
  }
}

/** Trimmed, lower-cased, one `local@domain.tld` without spaces, quotes or control characters. */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email === '') throw new EmailInputError('empty_email', 'Enter an email address.');
  if (
    email.length > MAX_EMAIL_LENGTH ||
    /[\s"\\<>()[\],;:\u0000-\u001f\u007f]/.test(email.replace(/@[^@]*$/, '')) ||
    !/^[^@\s]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(email)
  ) {
    throw new EmailInputError('invalid_email', `"${input.trim().slice(0, 80)}" is not an email address.`);
  }
  return email;
}

const hash = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/** The values a check's templates may place: the address, its hashes and its parts. */
export function addressVariables(email: string): Record<Exclude<EmailVariable, 'token' | 'key'>, string> {
  const at = email.lastIndexOf('@');
  return {
    email,
    email_sha256: hash('sha256', email),
    email_md5: hash('md5', email),
    local: email.slice(0, at),
    domain: email.slice(at + 1),
  };
}
