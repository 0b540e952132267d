/**
 * Security headers on every response (decision 098). HTML pages (the SPA, the API docs, the "not built" page)
 * get a Content-Security-Policy that allows scripts from this origin only; every other response gets a
 * policy that allows nothing, so a JSON or SVG answer opened as a page cannot run anything either.
 */
import type { FastifyInstance } from 'fastify';

/**
 * The pages load scripts, styles, fonts and data from this origin only; no page has an inline script
 * (index.html loads /theme-init.js, the docs page loads its own files). Inline styles stay allowed: the HTML
 * report and the admin's mail preview (blob: and srcdoc documents inherit this policy) carry a <style>
 * block, and style attributes cannot run code. `blob:` images and frames cover the report and the preview.
 */
export const PAGE_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Anything that is not a page: nothing may load or run, and no one may frame it. */
export const NON_PAGE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** One year; no `includeSubDomains`, which would bind the operator's other hosts to HTTPS too. */
export const HSTS = 'max-age=31536000';

export function installSecurityHeaders(app: FastifyInstance, options: { publicUrl: string }): void {
  const https = options.publicUrl.startsWith('https://');
  app.addHook('onSend', async (_request, reply) => {
    // A 304 names no type, and the browser would merge its policy into the cached page's: it sends none.
    if (reply.statusCode !== 304) {
      const type = String(reply.getHeader('content-type') ?? '');
      reply.header('content-security-policy', /^text\/html\b/i.test(type) ? PAGE_POLICY : NON_PAGE_POLICY);
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // Browsers ignore HSTS over plain HTTP, but a local http deployment must not claim it at all.
    if (https) reply.header('strict-transport-security', HSTS);
  });
}
