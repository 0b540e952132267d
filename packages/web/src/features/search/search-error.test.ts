import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { tr } from '../../i18n/tr.ts';
import { type SearchError, searchErrorMessage } from './search-error.ts';

describe('search error messages (spec 000 §8)', () => {
  const cases: Array<[SearchError, string]> = [
    [{ kind: 'http', status: 422 }, 'Use letters only. Do not use special characters.'],
    [{ kind: 'http', status: 429 }, 'Too many active searches. Please wait a moment and try again.'],
    [{ kind: 'http', status: 500 }, 'Server error. Please try again later.'],
    [{ kind: 'http', status: 502 }, 'Server error. Please try again later.'],
    [{ kind: 'http', status: 404 }, 'Request failed. Please try again.'],
    [{ kind: 'http', status: 400 }, 'Request failed. Please try again.'],
    [{ kind: 'busy' }, 'The system is busy, please try again later'],
    [{ kind: 'busy', serverText: 'Queue full' }, 'Queue full'],
    [{ kind: 'device_limit' }, 'Device search limit reached'],
    [{ kind: 'device_limit', serverText: '10 searches per day' }, '10 searches per day'],
    [{ kind: 'server_error' }, 'Unexpected error occurred'],
    [{ kind: 'server_error', serverText: 'Engine failed' }, 'Engine failed'],
    [{ kind: 'polling' }, 'Connection error, results could not be retrieved. Please try again later.'],
    [{ kind: 'unknown' }, 'An unknown error occurred'],
  ];

  it.each(cases)('%j → %s', (error, message) => {
    expect(searchErrorMessage(error, en.errors)).toBe(message);
  });

  it('the unexpected start status has its own message, in Turkish in the Turkish catalogue', () => {
    expect(searchErrorMessage({ kind: 'unexpected_status' }, en.errors)).toBe(en.errors.unexpectedResponse);
    expect(searchErrorMessage({ kind: 'unexpected_status' }, tr.errors)).toBe(
      'Sunucudan beklenmeyen bir yanıt alındı. Lütfen tekrar deneyin.',
    );
  });

  it('every error has a distinct Turkish message', () => {
    const turkish = cases.map(([error]) => searchErrorMessage(error, tr.errors));
    for (const [i, [error]] of cases.entries()) {
      if (!('serverText' in error && error.serverText)) expect(turkish[i]).not.toBe(cases[i]![1]);
    }
  });
});
