/**
 * The email checks `npm run sim` serves: the catalogues given (the shipped one by default), read as the
 * fake needs them — a later catalogue's check replaces one with the same id, as in the engine.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { TestkitError } from '../errors.ts';
import type { EmailCheckEntry } from './serve-email-checks.ts';

/** Hound's shipped email-check catalogue. */
export const SHIPPED_EMAIL_CATALOGUE = fileURLToPath(new URL('../../../engine/catalogues/email.json', import.meta.url));

export async function loadEmailChecks(files: readonly string[]): Promise<EmailCheckEntry[]> {
  const byId = new Map<string, EmailCheckEntry>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new TestkitError('CATALOGUE_UNREADABLE', `${file}: ${(error as Error).message}`);
    }
    const checks = (data as { format?: unknown; checks?: unknown }).checks;
    if ((data as { format?: unknown }).format !== 'hound-email' || !Array.isArray(checks))
      throw new TestkitError('CATALOGUE_INVALID', `${file}: not a hound-email catalogue`);
    for (const check of checks as EmailCheckEntry[]) byId.set(check.id, check);
  }
  return [...byId.values()];
}
