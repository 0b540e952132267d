import { randomBytes } from 'node:crypto';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A fresh random username nobody is likely to have registered: 12 lowercase letters and digits,
 * starting with a letter (fits almost every site's username pattern). New per self-test run, so a site
 * that says "exists" for any name (soft-404) cannot hide behind a fixed test name.
 */
export function randomUsername(length = 12): string {
  const bytes = randomBytes(length);
  let name = ALPHABET[(bytes[0] as number) % 26] as string;
  for (let i = 1; i < length; i++) name += ALPHABET[(bytes[i] as number) % ALPHABET.length];
  return name;
}
