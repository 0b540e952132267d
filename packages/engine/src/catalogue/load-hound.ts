import { z } from 'zod';
import type { SiteCheck } from '../model.ts';
import type { HoundRule } from '../rules/types.ts';
import { CatalogueError } from './errors.ts';

/**
 * Hound's own catalogue format (docs/decisions/020-hound-catalogue-format.md). Strict: unknown keys and
 * bad values reject the whole file with every problem listed, so a typo never silently weakens a rule.
 */
const Status = z.union([z.number().int().min(100).max(999), z.enum(['1xx', '2xx', '3xx', '4xx', '5xx'])]);
const Strings = z.array(z.string().min(1)).min(1);

const urlTemplate = z.string().refine(
  (template) => {
    try {
      const url = new URL(template.split('{username}').join('x'));
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  },
  { message: 'must be an absolute http(s) URL; {username} marks the username' },
);

const regexSource = z.string().refine(
  (source) => {
    try {
      new RegExp(source, 'u');
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be a valid JavaScript regular expression (u flag)' },
);

export const HoundMatcherSchema = z
  .object({
    status: z.array(Status).min(1).optional(),
    statusNot: z.array(Status).min(1).optional(),
    bodyIncludesAll: Strings.optional(),
    bodyIncludesAny: Strings.optional(),
    bodyExcludes: Strings.optional(),
    bodyMatches: regexSource.optional(),
    redirectTo: urlTemplate.optional(),
  })
  .strict()
  .refine((m) => Object.keys(m).length > 0, { message: 'a matcher needs at least one condition' });

const MatcherOrOtherwise = z.union([z.literal('otherwise'), HoundMatcherSchema]);

export const HoundSiteSchema = z
  .object({
    name: z.string().min(1),
    /** Profile URL template with `{username}`. */
    profileUrl: urlTemplate,
    urlMain: urlTemplate.optional(),
    request: z
      .object({
        method: z.enum(['GET', 'HEAD', 'POST', 'PUT']).default('GET'),
        /** Request URL template; defaults to `profileUrl`. */
        url: urlTemplate.optional(),
        headers: z.record(z.string(), z.string()).default({}),
        body: z.string().optional(),
        bodyEncoding: z.enum(['json', 'form', 'raw']).optional(),
        followRedirects: z.boolean().default(true),
      })
      .strict()
      .default({ method: 'GET', headers: {}, followRedirects: true }),
    usernamePattern: regexSource.optional(),
    stripChars: z.string().min(1).optional(),
    found: MatcherOrOtherwise,
    notFound: MatcherOrOtherwise,
    /** Body substring → message: the site reports an error (unknown `site_error`). */
    errors: z.record(z.string().min(1), z.string()).default({}),
    category: z.string().default('other'),
    tags: z.array(z.string()).default([]),
    nsfw: z.boolean().default(false),
    knownClaimed: z.array(z.string().min(1)).min(1),
    knownUnclaimed: z.string().min(1).optional(),
    protection: z.array(z.string()).default([]),
    disabled: z.boolean().default(false),
  })
  .strict()
  .refine((s) => s.found !== 'otherwise' || s.notFound !== 'otherwise', {
    message: 'found and notFound cannot both be "otherwise"',
  })
  .refine((s) => s.request.body === undefined || s.request.method === 'POST' || s.request.method === 'PUT', {
    message: 'a request body needs method POST or PUT',
  });

export const HoundCatalogueSchema = z
  .object({
    format: z.literal('hound'),
    version: z.literal(1),
    sites: z.array(HoundSiteSchema),
  })
  .strict();

export type HoundCatalogue = z.input<typeof HoundCatalogueSchema>;

/**
 * Loads a Hound-format catalogue.
 * @throws CatalogueError `invalid_catalogue` listing every problem.
 */
export function loadHound(data: unknown, source?: string): SiteCheck[] {
  const parsed = HoundCatalogueSchema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(top)'}: ${i.message}`);
    throw new CatalogueError('invalid_catalogue', `Invalid Hound catalogue:\n${problems.join('\n')}`);
  }
  return parsed.data.sites.map((site) => {
    const rule: HoundRule = { kind: 'hound', found: site.found, notFound: site.notFound, errors: site.errors };
    const { request } = site;
    const check: SiteCheck = {
      format: 'hound',
      name: site.name,
      profileUrl: site.profileUrl,
      request: {
        method: request.method,
        url: request.url ?? site.profileUrl,
        headers: request.headers,
        followRedirects: request.followRedirects,
        ...(request.body !== undefined ? { body: request.body, bodyEncoding: request.bodyEncoding ?? 'raw' } : {}),
      },
      rule,
      category: site.category,
      tags: site.tags,
      nsfw: site.nsfw,
      knownClaimed: site.knownClaimed,
      protection: site.protection,
      disabled: site.disabled,
      ...(site.urlMain !== undefined ? { urlMain: site.urlMain } : {}),
      ...(site.usernamePattern !== undefined ? { usernamePattern: site.usernamePattern } : {}),
      ...(site.stripChars !== undefined ? { stripChars: site.stripChars } : {}),
      ...(site.knownUnclaimed !== undefined ? { knownUnclaimed: site.knownUnclaimed } : {}),
      ...(source === undefined ? {} : { source }),
    };
    return check;
  });
}
