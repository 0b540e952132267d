/**
 * Issue 26 item 3: the email-check lint fails the suite on a rule that decides on too little, and the
 * shipped catalogue has none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type EmailCheck, EmailCheckSchema, type Signal } from './catalogue-format.ts';
import { isWeakEmailText, lintEmailCheck, lintEmailChecks } from './lint-email-check.ts';
import { BUNDLED_EMAIL_CATALOGUE, parseEmailCatalogue } from './load-email-catalogue.ts';

const shipped = parseEmailCatalogue(JSON.parse(readFileSync(BUNDLED_EMAIL_CATALOGUE, 'utf8')), 'shipped');

function check(found: Signal[], notFound: Signal[], extra: Record<string, unknown> = {}): EmailCheck {
  return EmailCheckSchema.parse({
    id: 'example',
    name: 'Example',
    domain: 'example.com',
    category: 'social',
    method: 'register',
    requests: [{ url: 'https://example.com/check?email={email}' }],
    found,
    notFound,
    answers: {
      registered: [{ status: 200, body: '{"taken":true}' }],
      unregistered: [{ status: 200, body: '{"taken":false}' }],
    },
    source: ['https://example.com/docs'],
    ...extra,
  });
}

const SPECIFIC: Signal[] = [{ jsonPath: 'taken', equals: true }];

describe('the email-check lint', () => {
  it('finds no weak rule, no missing example answer and no misjudged answer in the shipped catalogue', () => {
    expect(lintEmailChecks(shipped).filter((f) => f.severity === 'weak')).toEqual([]);
  });

  it.each<[string, Signal[], string]>([
    ['a status alone', [{ status: [200] }], 'status_only'],
    ['200 and a field absent', [{ status: [200] }, { jsonPath: 'users.0', exists: false }], 'absence_only'],
    ['200 and a phrase absent', [{ status: [200] }, { bodyLacks: 'already in use' }], 'absence_only'],
    ['a bare "no"', [{ status: [200] }, { bodyContains: 'no' }], 'weak_text'],
    ['a bare "ok"', [{ bodyContains: 'ok' }], 'weak_text'],
    ['a bare "true"', [{ bodyContains: 'true' }], 'weak_text'],
    ['a quoted "pass"', [{ bodyContains: '"pass"' }], 'weak_text'],
    ['"success":false', [{ bodyContains: '"success":false' }], 'weak_text'],
    ['a generic envelope status = true', [{ jsonPath: 'status', equals: true }], 'generic_field'],
    ['an element\'s "type" exists', [{ jsonPath: '0.type', exists: true }], 'generic_field'],
    ['an empty 200', [{ status: [200] }, { bodyEquals: '' }], 'absence_only'],
    ['an empty JSON list', [{ bodyEquals: '[]' }], 'absence_only'],
    ['a bare null', [{ status: [200] }, { bodyEquals: 'null' }], 'absence_only'],
  ])('flags a rule that decides on %s', (_, weak, code) => {
    expect(lintEmailCheck(check(weak, SPECIFIC))).toEqual([
      expect.objectContaining({ severity: 'weak', code, detail: expect.stringContaining('registered decided on') }),
    ]);
    expect(lintEmailCheck(check(SPECIFIC, weak)).map((f) => [f.code, f.detail.split(' ')[0]])).toEqual([[code, 'not']]);
  });

  it.each<[string, Signal[]]>([
    ['a field and its value', [{ jsonPath: 'taken', equals: true }]],
    ['a site-specific field under a generic key', [{ jsonPath: 'resource_response.data', equals: false }]],
    ['an exact body', [{ status: [200] }, { bodyEquals: 'ok' }]],
    ['a phrase only that outcome contains', [{ bodyContains: 'already associated with an account' }]],
    // A 404 does not anchor (any host sends one with an `error` field): see the test below.
    ['a documented 409 with its error envelope', [{ status: [409] }, { jsonPath: 'error', exists: true }]],
    ['an empty body on a documented 204', [{ status: [204] }, { bodyEquals: '' }]],
    ['a weak word beside a specific marker', [{ bodyContains: 'ok' }, { jsonPath: 'available', equals: true }]],
  ])('accepts %s', (_, rule) => {
    expect(lintEmailCheck(check(SPECIFIC, rule))).toEqual([]);
  });

  it('asks for example answers and a source, and flags an example answer the rules misjudge', () => {
    const bare = check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], {
      answers: { registered: [], unregistered: [{ status: 200, body: '{}' }] },
      source: [],
    });
    const judge = () => 'unknown';
    expect(lintEmailCheck(bare, judge).map((f) => [f.severity, f.code])).toEqual([
      ['weak', 'no_answers'],
      ['weak', 'answer_misjudged'],
      ['note', 'no_source'],
    ]);
  });

  it('flags an adult site without the adult flag (it would be asked by every search)', () => {
    expect(lintEmailCheck(check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], { category: 'adult' }))).toEqual([
      expect.objectContaining({ severity: 'weak', code: 'adult_unflagged' }),
    ]);
    expect(
      lintEmailCheck(check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], { category: 'adult', adult: true })),
    ).toEqual([]);
  });

  it('flags a sign-in with a wrong password that is not loud (issue 41 item 7b)', () => {
    const signIn = {
      method: 'login',
      requests: [
        {
          method: 'POST',
          url: 'https://example.com/login',
          body: { form: { login: '{email}', password: 'not-the-password' } },
        },
      ],
    };
    const quiet = check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], signIn);
    expect(lintEmailCheck(quiet)).toEqual([
      expect.objectContaining({ severity: 'weak', code: 'quiet_wrong_password' }),
    ]);
    const loud = check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], {
      ...signIn,
      loud: true,
      loudWhy: 'wrong_password',
    });
    expect(lintEmailCheck(loud)).toEqual([]);
    // A sign-up that sends a password is no attempt on anyone's account.
    expect(
      lintEmailCheck(check(SPECIFIC, [{ jsonPath: 'taken', equals: false }], { ...signIn, method: 'register' })),
    ).toEqual([]);
    expect(() => check(SPECIFIC, SPECIFIC, { loudWhy: 'wrong_password' })).toThrow(/loudWhy/);
  });

  it('refuses a marker that generic validation, error or throttle text contains (decision 130)', () => {
    for (const marker of ['are not allowed', 'Invalid email', 'too many requests', 'This field is required.'])
      expect(lintEmailCheck(check([{ bodyContains: marker }], [{ jsonPath: 'taken', equals: false }]))).toEqual([
        expect.objectContaining({ severity: 'weak', code: 'generic_message' }),
      ]);
    expect(
      lintEmailCheck(check(SPECIFIC, [{ jsonPath: 'error.message', equals: 'Please enter a valid email address.' }])),
    ).toEqual([expect.objectContaining({ code: 'generic_message' })]);
    // A site's own code as a field's whole value is no message.
    expect(
      lintEmailCheck(check([{ jsonPath: 'rtnCd', equals: 'EXIST' }], [{ jsonPath: 'taken', equals: false }])),
    ).toEqual([]);
  });

  it('does not read 404 and any error field as not registered; the site’s own value or exact answer may', () => {
    const answers = {
      registered: [{ status: 200, body: '{"taken":true}' }],
      unregistered: [{ status: 404, body: '' }],
    };
    expect(lintEmailCheck(check(SPECIFIC, [{ status: [404] }, { jsonPath: 'error', exists: true }]))).toEqual([
      expect.objectContaining({ code: 'generic_field' }),
    ]);
    expect(lintEmailCheck(check(SPECIFIC, [{ status: [404] }, { jsonPath: 'message', equals: false }]))).toEqual([
      expect.objectContaining({ code: 'generic_field' }),
    ]);
    expect(
      lintEmailCheck(check(SPECIFIC, [{ status: [404] }, { jsonPath: 'error', equals: 'USER_NOT_FOUND' }])),
    ).toEqual([]);
    expect(lintEmailCheck(check(SPECIFIC, [{ status: [404] }, { bodyEquals: '' }], { answers }))).toEqual([]);
  });

  it('knows the words every answer carries', () => {
    for (const weak of ['no', 'ok', 'True', 'false', '"pass"', 'already', '"success": true', 'status:ok'])
      expect([weak, isWeakEmailText(weak)]).toEqual([weak, true]);
    for (const specific of ['EMAIL_ALREADY_IN_USE', 'Email is available', 'is already associated'])
      expect([specific, isWeakEmailText(specific)]).toEqual([specific, false]);
  });
});
