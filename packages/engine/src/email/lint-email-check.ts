/**
 * The email-check catalogue lint: a rule may decide only on a positive, specific marker of its outcome (a
 * field and its value, an exact body, or a phrase only that outcome contains). A rule resting on a status
 * code, on something being absent, or on a string any answer contains turns an empty 200, an `{}`, a
 * challenge or an app's catch-all page into a confident answer (docs/decisions/101-email-checks-stand-alone.md).
 * `weak` findings fail the shipped catalogue's tests; `note`s are shown but allowed.
 */
import { isWeakMarker } from '../rules/weak-markers.ts';
import type { EmailCheck, Signal } from './catalogue-format.ts';
import { judgeEmail } from './judge-email.ts';

export type EmailLintCode =
  | 'status_only'
  | 'absence_only'
  | 'weak_text'
  | 'generic_message'
  | 'generic_field'
  | 'no_answers'
  | 'answer_misjudged'
  | 'adult_unflagged'
  | 'quiet_wrong_password'
  | 'no_source';

export interface EmailLintFinding {
  checkId: string;
  severity: 'weak' | 'note';
  code: EmailLintCode;
  detail: string;
}

/** Words and values every kind of answer carries: never proof of one outcome alone. */
const WEAK_WORDS = new Set([
  'no',
  'ok',
  'yes',
  'true',
  'false',
  'pass',
  'fail',
  'failed',
  'error',
  'errors',
  'success',
  'already',
  'taken',
  'exists',
  'exist',
  'available',
  'valid',
  'invalid',
  'phone',
  'email',
  'null',
  'none',
  'found',
  'notfound',
]);
/** Keys of generic JSON envelopes: their value says something only together with a site-specific field. */
const GENERIC_KEYS = new Set([
  '',
  'status',
  'success',
  'ok',
  'error',
  'errors',
  'result',
  'results',
  'data',
  'message',
  'code',
  'id',
  'type',
  'valid',
  'response',
]);
const GENERIC_VALUES = new Set<unknown>([true, false, null, 0, 1, 200, 'ok', 'success', 'error', 'true', 'false', '']);

const EMPTY_ANSWERS = new Set(['', 'null', '{}', '[]', '""']);

const bare = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A body string that says nothing about which outcome it is (`no`, `"pass"`, `"success":false`…). */
export function isWeakEmailText(text: string): boolean {
  if (isWeakMarker(text)) return true;
  const word = bare(text);
  if (WEAK_WORDS.has(word)) return true;
  // A generic key with a generic value, however it is quoted: `"success":false`, `status: true`.
  for (const key of GENERIC_KEYS)
    for (const value of GENERIC_VALUES) if (key !== '' && word === bare(`${key}${String(value)}`)) return true;
  return false;
}

/**
 * What any site's form, gateway or throttle says whatever the address (decision 130): a marker such a
 * message contains proves nothing about an account. Compared lower-cased, white space collapsed.
 */
const GENERIC_MESSAGES = [
  'Disposable email domains are not allowed.',
  'Disposable email addresses are not allowed.',
  'Please enter a valid email address.',
  'Invalid email address.',
  'Invalid email format.',
  'The email must be a valid email address.',
  'The email field is required.',
  'This field is required.',
  "Email can't be blank.",
  'Password is too short (minimum is 8 characters).',
  'Your password must be at least 8 characters long.',
  'Password must contain at least one number.',
  'Passwords must have at least one digit.',
  'Passwords do not match.',
  'This username is already taken.',
  'Too many requests. Please try again later.',
  'Rate limit exceeded.',
  'Something went wrong. Please try again later.',
  'An error occurred. Please try again.',
  'Access denied.',
  'The requested page could not be found.',
  'Service temporarily unavailable.',
  'Your session has expired. Please refresh the page.',
  'Invalid CSRF token.',
  'Please complete the captcha.',
  'Your request has been sent successfully.',
  'If an account exists for this address, we have sent you an email.',
].map((m) => m.toLowerCase());

const normal = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * A phrase (two words or more) that generic validation, error or throttle text contains ("are not allowed",
 * "invalid email"). A single word is the weak-word list's to judge: `EXIST` or `available` as a field's
 * whole value is a site's own code.
 */
export function isGenericMessageText(text: string): boolean {
  const marker = normal(text.replace(/&#39;|&apos;/g, "'"));
  return marker.includes(' ') && GENERIC_MESSAGES.some((message) => message.includes(marker));
}

/** Where any site sends a visitor it will not answer (a sign-in, its home page): no outcome's own target. */
const GENERIC_TARGETS = new Set(['', 'login', 'signin', 'auth', 'account', 'home', 'index', 'https', 'http', 'www']);

/** A Location text that any redirect may contain: `/`, `/login`, a bare word. */
function isWeakLocation(text: string): boolean {
  return isWeakEmailText(text) || GENERIC_TARGETS.has(bare(text));
}

/** Why a signal is not a positive, specific marker; null when it is one. */
function weakness(signal: Signal, rule: Signal[]): { code: EmailLintCode; detail: string } | null {
  if ('status' in signal) return { code: 'status_only', detail: `status ${signal.status.join('/')}` };
  if ('bodyLacks' in signal) return { code: 'absence_only', detail: `body lacks "${signal.bodyLacks}"` };
  if ('bodyContains' in signal) {
    if (isWeakEmailText(signal.bodyContains))
      return { code: 'weak_text', detail: `body contains "${signal.bodyContains}" (any answer may)` };
    return isGenericMessageText(signal.bodyContains)
      ? {
          code: 'generic_message',
          detail: `body contains "${signal.bodyContains}" (generic validation or error text any site shows)`,
        }
      : null;
  }
  if ('locationContains' in signal)
    return isWeakLocation(signal.locationContains)
      ? {
          code: 'weak_text',
          detail: `redirect to "${signal.locationContains}" (any redirect to a login or home page may)`,
        }
      : null;
  if ('bodyEquals' in signal) {
    // An empty answer (nothing, `null`, `{}`, `[]`) is what any gateway or broken page may send: it is the
    // documented answer only after a specific status (a 204, a keyed API's 404), never of a 200.
    // A 404 anchors an exact answer (HIBP's empty 404): the rule says exactly what the site sends.
    if (!EMPTY_ANSWERS.has(signal.bodyEquals.trim()) || anchored(rule, [404, 410])) return null;
    return {
      code: 'absence_only',
      detail: `an empty answer (${JSON.stringify(signal.bodyEquals)}) without a specific status`,
    };
  }
  const path = signal.jsonPath;
  if (typeof signal.equals === 'string' && isGenericMessageText(signal.equals))
    return {
      code: 'generic_message',
      detail: `JSON ${path || '(body)'} = ${JSON.stringify(signal.equals)} (generic validation or error text)`,
    };
  if (signal.exists === false) return { code: 'absence_only', detail: `JSON ${path || '(body)'} is absent` };
  // A field of a generic envelope (`status`, `0.type`) says little; the same key under a site's own
  // object (`email.valid`, `resource_response.data`) is that site's answer. After a specific error
  // status (a documented API's 404) the envelope is that API's answer too.
  const steps = path.split('.');
  const key = (steps[steps.length - 1] ?? '').toLowerCase();
  const parent = steps.length > 1 ? steps[steps.length - 2]! : undefined;
  const generic = GENERIC_KEYS.has(key) && (parent === undefined || /^\d+$/.test(parent));
  if (!generic || anchored(rule)) return null;
  if (signal.exists === true)
    return { code: 'generic_field', detail: `JSON ${path || '(body)'} exists (every answer may have it)` };
  return GENERIC_VALUES.has(signal.equals)
    ? {
        code: 'generic_field',
        detail: `JSON ${path || '(body)'} = ${JSON.stringify(signal.equals)} (a generic envelope)`,
      }
    : null;
}

/** Statuses any host answers for any path (its own "no such page", its gateway's): they belong to no site's API. */
const ANY_HOST_STATUSES = new Set([404, 410, 500, 502, 503, 504]);

/**
 * The rule names a status other than 200 (a documented 204 or 409): its envelope belongs to that answer.
 * A 404 or a gateway error does not anchor: any host sends one with an `error` field, so there the rule
 * must name the site's own value (`error.code` = "USER_NOT_FOUND"), not that the field is there.
 */
function anchored(rule: Signal[], also: readonly number[] = []): boolean {
  const statuses = rule.flatMap((s) => ('status' in s ? s.status : []));
  return (
    statuses.length > 0 &&
    !statuses.includes(200) &&
    !statuses.some((s) => ANY_HOST_STATUSES.has(s) && !also.includes(s))
  );
}

function lintRule(check: EmailCheck, name: 'found' | 'notFound'): EmailLintFinding[] {
  const rule = check[name];
  const weak = rule.map((s) => weakness(s, rule));
  // One positive, specific marker decides; weak signals beside it only narrow the rule further.
  if (weak.some((w) => w === null)) return [];
  const codes = weak.map((w) => w!.code);
  const code: EmailLintCode = codes.includes('weak_text')
    ? 'weak_text'
    : codes.includes('generic_message')
      ? 'generic_message'
      : codes.includes('generic_field')
        ? 'generic_field'
        : codes.every((c) => c === 'status_only')
          ? 'status_only'
          : 'absence_only';
  const outcome = name === 'found' ? 'registered' : 'not registered';
  return [
    {
      checkId: check.id,
      severity: 'weak',
      code,
      detail: `${outcome} decided on ${weak.map((w) => w!.detail).join(' and ')}: no positive, specific marker`,
    },
  ];
}

/** Every finding for one check; pass `judge` to also verify its example answers give their outcome. */
export function lintEmailCheck(
  check: EmailCheck,
  judge?: (check: EmailCheck, answer: EmailCheck['answers']['registered'][number]) => string,
): EmailLintFinding[] {
  const findings = [...lintRule(check, 'found'), ...lintRule(check, 'notFound')];
  if (check.answers.registered.length === 0 || check.answers.unregistered.length === 0)
    findings.push({
      checkId: check.id,
      severity: 'weak',
      code: 'no_answers',
      detail: 'needs a registered and an unregistered example answer',
    });
  if (judge) {
    for (const [kind, expected] of [
      ['registered', 'found'],
      ['unregistered', 'not_found'],
    ] as const)
      for (const answer of check.answers[kind]) {
        const verdict = judge(check, answer);
        if (verdict !== expected)
          findings.push({
            checkId: check.id,
            severity: 'weak',
            code: 'answer_misjudged',
            detail: `its ${kind} example answer (status ${answer.status}) is judged ${verdict}`,
          });
      }
  }
  // An adult site without the flag would be asked in every search; the flag is what keeps it opt-in.
  if (check.category === 'adult' && !check.adult)
    findings.push({
      checkId: check.id,
      severity: 'weak',
      code: 'adult_unflagged',
      detail: 'an adult site without `adult: true` would be asked by every search',
    });
  // A sign-in with a password is a failed login on someone's account: it may show in their security log
  // and count toward a lock-out, so it runs only when an operator turns loud checks on (issue 41 item 7b).
  if (submitsPassword(check) && !check.loud)
    findings.push({
      checkId: check.id,
      severity: 'weak',
      code: 'quiet_wrong_password',
      detail: 'signs in with a wrong password but is not `loud: true` (`loudWhy: "wrong_password"`)',
    });
  if (check.source.length === 0)
    findings.push({ checkId: check.id, severity: 'note', code: 'no_source', detail: 'no `source` recorded' });
  return findings;
}

const PASSWORD_FIELD = /pass(word)?$|^pwd$/i;

/** A sign-in request that carries a non-empty password: an attempt on the owner's account. */
export function submitsPassword(check: EmailCheck): boolean {
  if (check.method !== 'login') return false;
  return check.requests.some((request) => {
    const body = request.body;
    const fields = body && 'form' in body ? body.form : body && 'json' in body ? body.json : {};
    return Object.entries(fields).some(
      ([key, value]) => PASSWORD_FIELD.test(key) && typeof value === 'string' && value !== '',
    );
  });
}

export function lintEmailChecks(checks: readonly EmailCheck[]): EmailLintFinding[] {
  return checks.flatMap((c) => lintEmailCheck(c, judgeAnswer));
}

/** The verdict the engine gives a check's example answer. */
export function judgeAnswer(check: EmailCheck, answer: EmailCheck['answers']['registered'][number]): string {
  return judgeEmail(check, {
    status: answer.status,
    headers: { 'content-type': answer.contentType, ...(answer.location ? { location: answer.location } : {}) },
    body: answer.body,
    finalUrl: check.requests[0]!.url,
    redirects: 0,
    truncated: false,
  }).verdict;
}
