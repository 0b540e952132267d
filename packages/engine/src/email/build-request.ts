/**
 * Turns a check's request template into the request sent, placing each value safely for where it goes:
 * percent-encoded in URLs, structurally in JSON and form bodies, and never with a line break in a header.
 * Placeholders in a URL's host are refused when the catalogue loads, so the address cannot pick a target.
 */
import type { CheckRequest } from '../model.ts';
import type { RequestTemplate } from './catalogue-format.ts';

export type Variables = Partial<Record<string, string>>;

const PLACEHOLDER = /\{([a-z0-9_]+)\}/g;

function fill(text: string, values: Variables, encode: (value: string) => string): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : encode(value);
  });
}

const asIs = (value: string) => value;
function headerValue(value: string): string {
  if (/[\r\n\0]/.test(value)) throw new Error('a header value would contain a line break');
  return value;
}

/** Replaces placeholders inside every string of a JSON value, keeping its structure. */
function fillJson(value: unknown, values: Variables): unknown {
  if (typeof value === 'string') return fill(value, values, asIs);
  if (Array.isArray(value)) return value.map((v) => fillJson(v, values));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillJson(v, values)]));
  return value;
}

export function fillUrl(url: string, values: Variables): string {
  return fill(url, values, encodeURIComponent);
}

export function fillHeaders(headers: Record<string, string>, values: Variables): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, fill(v, values, headerValue)]));
}

/** A probe's template, or a prefetch's (same fields: method, URL, headers, body). */
export type RequestParts = Pick<RequestTemplate, 'method' | 'url' | 'headers' | 'body'>;

export function buildRequest(template: RequestParts, values: Variables): CheckRequest {
  const headers = fillHeaders(template.headers, values);
  let body: string | undefined;
  if (template.body && 'form' in template.body) {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(template.body.form)) form.set(k, fill(v, values, asIs));
    body = form.toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  } else if (template.body && 'json' in template.body) {
    body = JSON.stringify(fillJson(template.body.json, values));
    headers['content-type'] ??= 'application/json';
  } else if (template.body && 'raw' in template.body) {
    body = fill(template.body.raw, values, asIs);
    headers['content-type'] ??= template.body.contentType;
  }
  return {
    method: template.method,
    url: fillUrl(template.url, values),
    headers,
    ...(body !== undefined ? { body } : {}),
    // An answer about an address is read where it is given: a redirect is the site's answer, not a page to follow.
    followRedirects: false,
  };
}
