/**
 * Places a username into a URL template so that it can only land where the template puts it: it never
 * changes the scheme, the host (beyond its own label), the number of path segments, or adds a query or
 * fragment. See docs/decisions/022-username-placement.md.
 */

/** The username's place in every template Hound stores. */
export const USERNAME_PLACEHOLDER = '{username}';

export type Placement = { ok: true; value: string } | { ok: false; detail: string };

type Region = 'authority' | 'path' | 'query' | 'fragment';

interface TemplateParts {
  /** Index where each region starts, in template order; the scheme (`https://`) comes before `authority`. */
  authority: number;
  path: number;
  query: number;
  fragment: number;
}

// A DNS label: letters, digits and inner hyphens, at most 63 characters.
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function splitTemplate(template: string): TemplateParts | undefined {
  const schemeEnd = template.indexOf('://');
  if (schemeEnd <= 0 || !/^[a-z][a-z0-9+.-]*$/i.test(template.slice(0, schemeEnd))) return undefined;
  const authority = schemeEnd + 3;
  const find = (chars: string, from: number) => {
    for (let i = from; i < template.length; i++) if (chars.includes(template[i]!)) return i;
    return template.length;
  };
  const path = find('/?#', authority);
  const query = find('?#', path);
  const fragment = find('#', query);
  return { authority, path, query, fragment };
}

function regionAt(parts: TemplateParts, index: number): Region {
  if (index >= parts.fragment) return 'fragment';
  if (index >= parts.query) return 'query';
  if (index >= parts.path) return 'path';
  return 'authority';
}

/** Percent-encodes everything that could end a path segment, start a query/fragment or form an escape. */
function encodeComponent(username: string): string {
  return encodeURIComponent(username);
}

/**
 * Fills every `{username}` of `template`. A username that cannot be placed safely gives `{ok:false}`:
 * in a hostname label only `[a-z0-9-]` (case-insensitive) fits, and a path segment that would become
 * `.` or `..` is refused.
 */
export function placeInUrl(template: string, username: string): Placement {
  if (!template.includes(USERNAME_PLACEHOLDER)) return checkUrl(template, template);
  const parts = splitTemplate(template);
  if (!parts) return { ok: false, detail: `template is not an absolute URL: ${template}` };

  let out = '';
  let last = 0;
  let at = template.indexOf(USERNAME_PLACEHOLDER);
  while (at !== -1) {
    out += template.slice(last, at);
    const region = regionAt(parts, at);
    if (region === 'authority') {
      const label = hostLabel(template, parts, at, username);
      if (!label.ok) return label;
      out += username.toLowerCase();
    } else {
      if (region === 'path' && isDotSegment(template, parts, at, username)) {
        return { ok: false, detail: 'the username would form a "." or ".." path segment' };
      }
      out += encodeComponent(username);
    }
    last = at + USERNAME_PLACEHOLDER.length;
    at = template.indexOf(USERNAME_PLACEHOLDER, last);
  }
  out += template.slice(last);
  return checkUrl(template, out, username);
}

function hostLabel(template: string, parts: TemplateParts, at: number, username: string): Placement {
  const authority = template.slice(parts.authority, parts.path);
  const offset = at - parts.authority;
  // The placeholder must sit in the host itself, not in userinfo or the port.
  const hostStart = authority.lastIndexOf('@') + 1;
  const portStart = authority.indexOf(':', hostStart);
  if (offset < hostStart || (portStart !== -1 && offset > portStart)) {
    return { ok: false, detail: 'the username placeholder is not inside the host name' };
  }
  const labelStart = authority.lastIndexOf('.', offset) + 1;
  const dotAfter = authority.indexOf('.', offset);
  const labelEnd = dotAfter === -1 ? (portStart === -1 ? authority.length : portStart) : dotAfter;
  const label = authority.slice(labelStart, labelEnd).split(USERNAME_PLACEHOLDER).join(username).toLowerCase();
  if (!HOST_LABEL.test(label)) {
    return {
      ok: false,
      detail: 'the username goes into a host name here, which allows only letters, digits and inner hyphens',
    };
  }
  return { ok: true, value: label };
}

/** What a template promises, parsed once per template: checks run the same templates for every search. */
interface TemplateShape {
  protocol: string;
  /** The host, unless the username is part of it. */
  host: string | undefined;
  segments: number;
}

const MAX_SHAPES = 20_000;
const shapes = new Map<string, TemplateShape | undefined>();

function shapeOf(template: string): TemplateShape | undefined {
  if (shapes.has(template)) return shapes.get(template);
  let shape: TemplateShape | undefined;
  try {
    const url = new URL(template.split(USERNAME_PLACEHOLDER).join('x'));
    const authority = template.slice(template.indexOf('://') + 3).split(/[/?#]/, 1)[0] ?? '';
    shape = {
      protocol: url.protocol,
      host: authority.includes(USERNAME_PLACEHOLDER) ? undefined : url.host,
      segments: url.pathname.split('/').length,
    };
  } catch {
    shape = undefined;
  }
  if (shapes.size >= MAX_SHAPES) shapes.clear(); // catalogues are far smaller; this only bounds abuse
  shapes.set(template, shape);
  return shape;
}

/**
 * Defence in depth: the filled URL must parse to the same origin as the template (host labels aside)
 * and keep the template's number of path segments, with no segment that is `.` or `..`.
 */
function checkUrl(template: string, filled: string, username?: string): Placement {
  let url: URL;
  try {
    url = new URL(filled);
  } catch {
    return { ok: false, detail: 'the filled URL does not parse' };
  }
  const shape = shapeOf(template);
  if (!shape) return { ok: false, detail: `template is not a valid URL: ${template}` };
  const expectedHost = shape.host ?? hostWith(template, username ?? '');
  if (url.protocol !== shape.protocol || url.host !== expectedHost) {
    return { ok: false, detail: 'the username would change the request host' };
  }
  if (url.pathname.split('/').length !== shape.segments) {
    return { ok: false, detail: 'the username would change the request path' };
  }
  if (url.search !== '' && !template.includes('?')) {
    return { ok: false, detail: 'the username would add a query' };
  }
  if (url.hash !== '' && !template.includes('#')) {
    return { ok: false, detail: 'the username would add a fragment' };
  }
  return { ok: true, value: url.href };
}

/** The host the template names once the username fills its host label (the URL parser lowercases). */
function hostWith(template: string, username: string): string {
  return new URL(template.split(USERNAME_PLACEHOLDER).join(encodeURIComponent(username).toLowerCase())).host;
}

/** True when the path segment holding the placeholder at `at` would be `.` or `..` once filled. */
function isDotSegment(template: string, parts: TemplateParts, at: number, username: string): boolean {
  const start = Math.max(template.lastIndexOf('/', at) + 1, parts.path);
  let end = at;
  while (end < parts.query && template[end] !== '/') end++;
  const segment = template.slice(start, end).split(USERNAME_PLACEHOLDER).join(encodeComponent(username));
  return segment === '.' || segment === '..';
}
