/**
 * Hostile answers for an email check, built from the check itself rather than listed (issue 37 item 5,
 * decision 132). None of them is the site's own answer about the address, so a checker must decide
 * neither "registered" nor "not registered" on any of them:
 * - `hidden_marker`: an app shell or challenge page carrying each rule's markers where no reader sees them (a script, an
 *   HTML comment, a style sheet, an attribute), with the rule's own status;
 * - `generic_message`: validation, throttle and error text any site's form or gateway shows (written here,
 *   independently of the engine's lint), as JSON and as a page;
 * - `other_brand`: a hosting platform's, a parked domain's or another service's page or JSON;
 * - `error_json`: a 404, 410 or 500 with an `error`/`message` field, as gateways and frameworks send them;
 * - `wrong_media`: JSON carrying a page-answering check's markers, a page showing a JSON check's fields;
 * - `placeholder_id`: the check's found JSON with the field it reads present but empty or a placeholder.
 * Each comes with and without the address echoed (a page that names what it was asked is no proof).
 */
import type { EmailCheckEntry } from '../email/serve-email-checks.ts';

type Signal = EmailCheckEntry['found'][number];

export type GeneratedFamily =
  | 'hidden_marker'
  | 'generic_message'
  | 'other_brand'
  | 'error_json'
  | 'wrong_media'
  | 'placeholder_id';

export interface GeneratedEmailAnswer {
  family: GeneratedFamily;
  /** What it is, for a failing test's message. */
  name: string;
  echoed: boolean;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json; charset=utf-8' };

const GENERIC_MESSAGES = [
  'Disposable email domains are not allowed.',
  'Disposable email addresses are not accepted here.',
  'Please enter a valid email address.',
  'Invalid email address.',
  'That email address is not valid.',
  'The email field is required.',
  'This field is required.',
  'Too many requests, please try again later.',
  'Too many attempts. Try again in 15 minutes.',
  'Something went wrong. Please try again.',
  'An unexpected error occurred.',
  'Access denied.',
  'Your session has expired. Please reload the page.',
  'Invalid request.',
  'Password is too short.',
  'Your password must be at least 8 characters.',
  'Please verify you are a human.',
  'Service unavailable. Please try again later.',
];

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

function statusOf(rule: readonly Signal[]): number {
  return rule.find((s): s is { status: number[] } => 'status' in s)?.status[0] ?? 200;
}

/** A rule's text markers, and whether it says they are markup (`raw`). */
function markersOf(rule: readonly Signal[]): Array<{ text: string; raw: boolean }> {
  return rule.flatMap((s) => ('bodyContains' in s ? [{ text: s.bodyContains, raw: s.raw === true }] : []));
}

/** A rule's JSON conditions as text a page could show: `"key":value`. */
function fieldTexts(rule: readonly Signal[]): string[] {
  return rule.flatMap((s) => {
    if (!('jsonPath' in s) || s.exists === false) return [];
    const key = s.jsonPath.split('.').pop() ?? '';
    return [`"${key}":${JSON.stringify(s.exists ? 'value' : s.equals)}`];
  });
}

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const steps = path.split('.');
  let node: Record<string, unknown> = target;
  for (const [i, step] of steps.entries()) {
    if (i === steps.length - 1) node[step] = value;
    else {
      node[step] ??= /^\d+$/.test(steps[i + 1]!) ? [] : {};
      node = node[step] as Record<string, unknown>;
    }
  }
}

/**
 * An ordinary-looking page (an app shell, a challenge that no block-page list knows) whose visible text
 * says nothing, with `hidden` in its head.
 */
function shellPage(visible: string, hidden: string): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Account</title>${hidden}</head><body><div id="root"><h1>Welcome</h1><p>${escapeHtml(visible)}</p></div></body></html>`;
}

/** Where a marker can sit in a page without a reader seeing it; `raw` markers are markup, so not in an attribute. */
function hidings(marker: string, raw: boolean): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (!marker.includes('`') && !/<\/script/i.test(marker))
    out.push(['script', `<script>window.__messages = [\`${marker}\`];</script>`]);
  if (!marker.includes('--')) out.push(['comment', `<!-- ${marker} -->`]);
  if (!/<\/style/i.test(marker)) out.push(['style', `<style>/* ${marker} */ .x{}</style>`]);
  if (!raw && !marker.includes("'")) out.push(['attribute', `<meta name="x-msg" content='${marker}'>`]);
  return out;
}

/** The kinds of body the check's own answers are: a checker told JSON from a page by what the body holds. */
function ownKinds(check: EmailCheckEntry): Set<'json' | 'page'> {
  const kinds = new Set<'json' | 'page'>();
  for (const answer of [...(check.answers?.registered ?? []), ...(check.answers?.unregistered ?? [])]) {
    if (answer.body.trim() === '') continue;
    try {
      JSON.parse(answer.body);
      kinds.add('json');
    } catch {
      kinds.add('page');
    }
  }
  return kinds;
}

export function generateEmailAnswers(check: EmailCheckEntry, address: string): GeneratedEmailAnswer[] {
  const out: GeneratedEmailAnswer[] = [];
  const add = (
    family: GeneratedFamily,
    name: string,
    status: number,
    headers: Record<string, string>,
    body: string,
  ) => {
    const json = headers === JSON_TYPE;
    // Echoed: the address as a page's text, or as a JSON field beside the others.
    const echo = json
      ? body.replace(/\}$/, `,"email":${JSON.stringify(address)}}`)
      : body.replace('</body>', `<p>${escapeHtml(address)}</p></body>`);
    out.push({ family, name, echoed: false, status, headers, body });
    out.push({ family, name, echoed: true, status, headers, body: echo });
  };
  const rules = [
    ['found', check.found],
    ['notFound', check.notFound],
  ] as const;

  for (const [which, rule] of rules) {
    const status = statusOf(rule);
    const markers = markersOf(rule);
    if (markers.length > 0) {
      // Every marker of the rule in one page, each hidden the same way.
      const ways = ['script', 'comment', 'style', 'attribute'];
      for (const way of ways) {
        const hidden = markers.map((m) => hidings(m.text, m.raw).find(([w]) => w === way)?.[1]);
        if (hidden.some((h) => h === undefined)) continue;
        add(
          'hidden_marker',
          `${which} markers in a ${way}`,
          status,
          HTML,
          shellPage('Loading your account…', hidden.join('')),
        );
      }
    }
    const kinds = ownKinds(check);
    const texts = [...markers.map((m) => m.text), ...fieldTexts(rule)];
    if (texts.length > 0 && !kinds.has('json'))
      add('wrong_media', `${which} markers as JSON`, status, JSON_TYPE, JSON.stringify({ message: texts.join(' ') }));
    if (texts.length > 0 && !kinds.has('page'))
      add(
        'wrong_media',
        `${which} fields as a page`,
        status,
        HTML,
        `<!DOCTYPE html><html><body><pre>${escapeHtml(texts.join('\n'))}</pre></body></html>`,
      );
  }

  for (const message of GENERIC_MESSAGES) {
    add('generic_message', `"${message}" as JSON`, 400, JSON_TYPE, JSON.stringify({ message, error: message }));
    add(
      'generic_message',
      `"${message}" as a page`,
      200,
      HTML,
      `<!DOCTYPE html><html><body><form><div class="alert alert-danger">${escapeHtml(message)}</div></form></body></html>`,
    );
  }

  const brands: Array<[string, number, Record<string, string>, string]> = [
    [
      'a hosting platform 404',
      404,
      HTML,
      "<!DOCTYPE html><html><head><title>Site not found · GitHub Pages</title></head><body><h1>404</h1><p>There isn't a GitHub Pages site here.</p></body></html>",
    ],
    [
      'a web server 404',
      404,
      HTML,
      '<html><head><title>404 Not Found</title></head><body><center><h1>404 Not Found</h1></center><hr><center>nginx</center></body></html>',
    ],
    [
      'a parked domain',
      200,
      HTML,
      '<!DOCTYPE html><html><head><title>This domain may be for sale</title></head><body><h1>This domain may be for sale</h1><p>Buy this domain today.</p></body></html>',
    ],
    [
      "another service's sign-up page",
      200,
      HTML,
      '<!DOCTYPE html><html><head><title>Create your Brandly account</title></head><body><h1>Welcome to Brandly</h1><form><input name="email"><button>Create account</button></form><p>We could not find that page.</p></body></html>',
    ],
    ["another service's JSON", 200, JSON_TYPE, JSON.stringify({ service: 'brandly', status: 'ok', data: null })],
    ['a chat API refusal', 200, JSON_TYPE, JSON.stringify({ ok: false, error: 'not_authed' })],
  ];
  for (const [name, status, headers, body] of brands) add('other_brand', name, status, headers, body);

  const errors: Array<[number, unknown]> = [
    [404, { error: 'Not Found' }],
    [404, { error: { code: 404, message: 'Not Found' } }],
    [404, { errors: [{ message: 'Not Found', code: 'not_found' }] }],
    [404, { status: 404, error: 'Not Found', message: 'No message available', path: '/api' }],
    [410, { message: 'Gone' }],
    [500, { error: 'Internal Server Error', message: 'An error occurred' }],
    [200, { error: 'invalid_request', error_description: 'Missing parameter' }],
  ];
  for (const [status, body] of errors)
    add('error_json', `${status} ${JSON.stringify(body)}`, status, JSON_TYPE, JSON.stringify(body));

  // The found rule's JSON, the field it needs present holding nothing: "", a placeholder, 0, white space.
  const present = check.found.filter(
    (s): s is { jsonPath: string; exists: true } => 'jsonPath' in s && s.exists === true,
  );
  for (const field of present) {
    if (field.jsonPath === '') continue;
    for (const placeholder of ['', 'unknown', 'null', 'none', 0, '   ']) {
      // A value the not-found rule names for that field is the site's own not-found answer: not hostile.
      if (check.notFound.some((s) => 'jsonPath' in s && s.jsonPath === field.jsonPath && s.equals === placeholder))
        continue;
      const data: Record<string, unknown> = {};
      for (const s of check.found)
        if ('jsonPath' in s && s.jsonPath !== '' && s.exists !== false)
          setPath(data, s.jsonPath, s === field ? placeholder : s.exists ? 'value' : s.equals);
      const texts = markersOf(check.found).map((m) => m.text);
      if (texts.length > 0) data.message = texts.join(' ');
      add(
        'placeholder_id',
        `${field.jsonPath} = ${JSON.stringify(placeholder)}`,
        statusOf(check.found),
        JSON_TYPE,
        JSON.stringify(data),
      );
    }
  }
  return out;
}
