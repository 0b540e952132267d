import { createHash } from 'node:crypto';
import { isPlainEmailAddress } from '@hound/contracts';
import type { EmailVariable } from './catalogue-format.ts';

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

/** Trimmed, lower-cased, one plain `local@domain`: the contracts' rule, so server and engine agree. */
export function normaliseEmail(input: string): string {
  const email = input.trim().toLowerCase();
  if (email === '') throw new EmailInputError('empty_email', 'Enter an email address.');
  if (!isPlainEmailAddress(email)) {
    throw new EmailInputError('invalid_email', `"${input.trim().slice(0, 80)}" is not an email address.`);
  }
  return email;
}

const hash = (algorithm: string, text: string) => createHash(algorithm).update(text).digest('hex');

/** The values a check's templates may place: the address, its hashes and its parts. */
export function addressVariables(email: string): Record<Exclude<EmailVariable, 'token' | 'token2' | 'key'>, string> {
  const at = email.lastIndexOf('@');
  return {
    email,
    email_sha256: hash('sha256', email),
    email_md5: hash('md5', email),
    local: email.slice(0, at),
    domain: email.slice(at + 1),
  };
}
