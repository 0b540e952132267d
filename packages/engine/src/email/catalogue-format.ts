/**
 * Hound's email-check catalogue (format `hound-email`, version 1): how to ask one site whether an address
 * has an account there, and how to read the answer. Validated with zod when loaded; see
 * docs/decisions/060-email-check-catalogue.md and the engine README.
 */
import { z } from 'zod';

/**
 * Placeholders a template may use. `{token}` (and `{token2}`, when the prefetch names a second one) come
 * from the prefetch step, `{key}` from the check's key.
 */
export const EMAIL_VARIABLES = [
  'email',
  'email_sha256',
  'email_md5',
  'local',
  'domain',
  'token',
  'token2',
  'key',
] as const;
export type EmailVariable = (typeof EMAIL_VARIABLES)[number];

/** Header names as HTTP allows them in practice: letters, digits, `-`, `_` and `.` (`x-app.version`, `X_Api_Key`). */
const header = z.record(z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/), z.string().max(2000));

/** Where a prefetch token is read: regex (first group) over the body, JSON path, or a cookie's value. */
const TokenSourceSchema = z.union([
  z.object({ regex: z.string().min(1).max(300) }).strict(),
  z.object({ jsonPath: z.string().max(200) }).strict(),
  z.object({ cookie: z.string().regex(/^[A-Za-z0-9_.-]+$/) }).strict(),
]);
export type TokenSource = z.infer<typeof TokenSourceSchema>;

/** One condition on a response. A rule (found or not found) holds when ALL its signals hold. */
export const SignalSchema = z.union([
  z.object({ status: z.array(z.number().int().min(100).max(599)).min(1) }).strict(),
  /**
   * A phrase the site writes: looked for in what a reader of an HTML page sees (not in scripts, styles,
   * comments or attributes; entities decoded), in any other body as it is. `raw: true` looks in the page's
   * markup (a class name, an element; still not in scripts, styles or comments): say so only when the
   * marker is markup (decision 130).
   */
  z.object({ bodyContains: z.string().min(1).max(500), raw: z.literal(true).optional() }).strict(),
  z.object({ bodyLacks: z.string().min(1).max(500), raw: z.literal(true).optional() }).strict(),
  /** The whole body, trimmed, is exactly this (e.g. `[]`, `ok`): an exact answer, unlike a bare substring. */
  z.object({ bodyEquals: z.string().max(500) }).strict(),
  /**
   * The answer is a redirect (3xx) whose `Location` contains this text (e.g. `/login?email=`, `error=-2`):
   * where the site sends the browser is its answer. The Location is read, never fetched.
   */
  z.object({ locationContains: z.string().min(1).max(300) }).strict(),
  z
    .object({
      /** Dot path into the JSON body, e.g. `errors.email.0.code`. Empty: the whole body. */
      jsonPath: z.string().max(200),
      equals: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
      exists: z.boolean().optional(),
    })
    .strict()
    .refine((s) => (s.equals !== undefined) !== (s.exists !== undefined), {
      message: 'a jsonPath signal needs exactly one of `equals` and `exists`',
    }),
]);
export type Signal = z.infer<typeof SignalSchema>;

/** `form` and `json` values may hold placeholders; `raw` is sent as written after replacement. */
const BodySchema = z.union([
  z.object({ form: z.record(z.string(), z.string()) }).strict(),
  z.object({ json: z.record(z.string(), z.unknown()) }).strict(),
  z.object({ raw: z.string().max(10_000), contentType: z.string().max(200) }).strict(),
]);

/** A body goes only with a method that carries one (a GET or HEAD with a body is refused at load). */
const bodyNeedsPost = (r: { method: string; body?: unknown }) => r.body === undefined || r.method === 'POST';
const BODY_NEEDS_POST = { message: 'a body needs `method: "POST"`', path: ['body'] };

export const RequestTemplateSchema = z
  .object({
    method: z.enum(['GET', 'POST', 'HEAD']).default('GET'),
    /** Absolute http(s) URL; placeholders only after the host (checked at load). */
    url: z.string().regex(/^https?:\/\//i),
    headers: header.default({}),
    body: BodySchema.optional(),
  })
  .strict()
  .refine(bodyNeedsPost, BODY_NEEDS_POST);
export type RequestTemplate = z.infer<typeof RequestTemplateSchema>;

/** An answer the site gives, as its documented behaviour records it (served by the testkit, judged by tests). */
export const ExampleAnswerSchema = z
  .object({
    status: z.number().int().min(100).max(599),
    contentType: z.string().max(200).default('application/json; charset=utf-8'),
    body: z.string().max(20_000),
    /** The redirect's target, for an answer that is a redirect (served as its `Location` header). */
    location: z.string().min(1).max(500).optional(),
  })
  .strict();
export type ExampleAnswer = z.infer<typeof ExampleAnswerSchema>;

export const EmailCheckSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_.-]{0,62}$/),
    name: z.string().min(1).max(80),
    domain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/),
    category: z.string().min(1).max(40),
    /** Human page for a found account, when the site has one per address. */
    profileUrl: z
      .string()
      .regex(/^https?:\/\//i)
      .optional(),
    /** How the check learns the answer (shown as evidence): sign-up, sign-in, recovery, public API … */
    method: z.enum(['register', 'login', 'recovery', 'api', 'profile']),
    /**
     * Fetched first; `token` is taken from it by regex (first group), JSON path or cookie name, and
     * `token2` (optional) likewise — for sites that want two values from one page (a CSRF token and a
     * session cookie's value, a form's two hidden fields). A GET by default; a `POST` with a `body` for
     * sites that hand out their token from a call (an anonymous session, an app key exchanged for a token).
     * Its templates may use the address's variables, never `{token}`/`{token2}` (it is what yields them).
     */
    prefetch: z
      .object({
        method: z.enum(['GET', 'POST']).default('GET'),
        url: z.string().regex(/^https?:\/\//i),
        headers: header.default({}),
        body: BodySchema.optional(),
        token: TokenSourceSchema,
        token2: TokenSourceSchema.optional(),
        /** Send the prefetch's cookies with the probe (sessions bound to the token). */
        forwardCookies: z.boolean().default(false),
      })
      .strict()
      .refine(bodyNeedsPost, BODY_NEEDS_POST)
      .optional(),
    /**
     * An anti-JSON guard the site puts before its JSON (Canva's `'"])}while(1);</x>//`, Google's `)]}'`):
     * stripped, when the body starts with it, before JSON paths read the body. Exact text, not a pattern.
     */
    jsonPrefix: z.string().min(1).max(40).optional(),
    /** Tried in order until one decides (e.g. the SHA-256 then the MD5 form of an address). */
    requests: z.array(RequestTemplateSchema).min(1).max(3),
    found: z.array(SignalSchema).min(1),
    notFound: z.array(SignalSchema).min(1),
    /** May notify the address's owner (a reset mail, a login alert): skipped unless loud checks are enabled. */
    loud: z.boolean().default(false),
    /** Why a loud check is loud (shown by `hound email --list`); see LOUD_REASONS. */
    loudWhy: z.enum(['reset_mail', 'sign_in_code', 'wrong_password']).optional(),
    /** An adult site: left out of a search unless it asks for adult sites (like NSFW username sites). */
    adult: z.boolean().default(false),
    /** Setting that holds the API key (`{key}`); without it the check is `invalid`. */
    needs: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]+$/)
      .optional(),
    /** Data to keep from a found answer's JSON: labelled values, or records (one per array element). */
    details: z.array(z.object({ label: z.string().max(60), jsonPath: z.string().max(200) }).strict()).default([]),
    records: z
      .object({
        type: z.string().max(60),
        /** Path of the array of records; each element becomes one record. */
        jsonPath: z.string().max(200),
        /** Fields of each element joined into the record's text, e.g. `["Name", "BreachDate", "DataClasses"]`. */
        fields: z.array(z.string().max(60)).min(1).max(8),
      })
      .strict()
      .optional(),
    /** Usernames to offer as username searches, by JSON path of a found answer (a string or an array). */
    usernames: z.array(z.string().max(200)).default([]),
    examples: z
      .object({ registered: z.array(z.string()).default([]), unregistered: z.array(z.string()).default([]) })
      .strict()
      .default({ registered: [], unregistered: [] }),
    /**
     * The site's own answers for a registered and an unregistered address (every documented shape): the
     * testkit serves them, tests judge them, the lint asks for them.
     */
    answers: z
      .object({
        registered: z.array(ExampleAnswerSchema).max(4).default([]),
        unregistered: z.array(ExampleAnswerSchema).max(4).default([]),
      })
      .strict()
      .default({ registered: [], unregistered: [] }),
    /** Where the site's behaviour is documented (a peer tool's module, the site's API docs). */
    source: z.array(z.string().min(1).max(300)).max(4).default([]),
  })
  .strict()
  .refine((c) => c.loudWhy === undefined || c.loud, {
    message: '`loudWhy` goes only with `loud: true`',
    path: ['loudWhy'],
  });
export type EmailCheck = z.infer<typeof EmailCheckSchema>;

/** What a loud check may do to the address's owner, by `loudWhy`. */
export const LOUD_REASONS: Record<NonNullable<EmailCheck['loudWhy']>, string> = {
  reset_mail: 'sends the owner a password-reset or recovery mail',
  sign_in_code: 'sends the owner a sign-in code or link',
  wrong_password:
    "submits a wrong password to the owner's account (may show in its security log, count toward a lock-out or a captcha)",
};

/** Why a check is loud, in words; undefined for a quiet check. */
export function loudReason(check: Pick<EmailCheck, 'loud' | 'loudWhy'>): string | undefined {
  if (!check.loud) return undefined;
  return check.loudWhy ? LOUD_REASONS[check.loudWhy] : 'may notify the address owner';
}

export const EmailCatalogueSchema = z
  .object({
    format: z.literal('hound-email'),
    version: z.literal(1),
    checks: z.array(EmailCheckSchema).min(1),
  })
  .strict();
export type EmailCatalogue = z.infer<typeof EmailCatalogueSchema>;
