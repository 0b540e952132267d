import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { safeError } from './safe-error.ts';

describe('safeError', () => {
  it("keeps a driver error's kind, code and frames, never its message or the query's parameters", () => {
    const driver = Object.assign(new Error('invalid input syntax for type uuid: "secretname"'), {
      code: '22P02',
      routine: 'string_to_uuid',
      detail: 'Key (username)=(secretname) already exists.',
    });
    const error = new DrizzleQueryError('insert into searches values ($1)', ['https://x.example/secretname'], driver);
    const logged = safeError(error);
    expect(JSON.stringify(logged)).not.toContain('secretname');
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      cause: { type: 'Error', code: '22P02', routine: 'string_to_uuid' },
    });
    expect((logged as { stack: string }).stack).toMatch(/^\s+at /);
  });

  it("keeps Hound's own texts: an AppError's, a plain Error's without a code, a string", () => {
    expect(safeError(new AppError('SERVICE_UNAVAILABLE', 'try again'))).toMatchObject({ message: 'try again' });
    expect(safeError(new Error('The database thread exited (code 1).'))).toMatchObject({
      message: 'The database thread exited (code 1).',
    });
    expect(safeError('catalogue load failed: HTTP 404')).toBe('catalogue load failed: HTTP 404');
    // A library's error with a code (an SMTP relay quoting the recipient) keeps its code only.
    const smtp = Object.assign(new Error('550 <someone@example.com>: Recipient rejected'), { code: 'EENVELOPE' });
    expect(safeError(smtp)).toEqual(expect.objectContaining({ type: 'Error', code: 'EENVELOPE' }));
    expect(JSON.stringify(safeError(smtp))).not.toContain('someone@example.com');
  });
});
