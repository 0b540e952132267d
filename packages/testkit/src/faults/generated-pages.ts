import type { CannedResponse } from './waf-pages.ts';

/**
 * Hostile pages by construction (issue 37 item 5; docs/decisions/129-generated-hostile-pages.md): answers
 * that stand in for a site without being its answer about the name asked for, built as the product of
 * independent axes rather than listed one by one, so a new combination is never "a page nobody wrote":
 * - frame: another brand's "no such user" page, a hosting platform's and a site builder's 404, a 404 in
 *   German and in Russian (windows-1251, declared only in `<meta>`), a catch-all that greets any name, a
 *   search-results page, a redesigned "we looked everywhere" page, a shell whose only words about users are
 *   in a script, a comment and attributes, and JSON (a gateway error echoing the path, an API error, an
 *   empty result, another API's user object) where a page — or the site's own JSON — was expected;
 * - status: 200, 404, 410, 300, 304 (to an unconditional request), a 302 and a 307 without `Location`;
 * - echo: the name asked for shown on the page, or not.
 * Each is served for every request to the host, as the real thing would be. The words are those
 * catalogues' markers are made of ("User not found", "Page not found", "doesn't exist", "followers",
 * "Joined", "profile"), so a rule that reads them where the site did not write them is caught.
 */

export type GeneratedFrame =
  | 'brand_not_found'
  | 'hosting_404'
  | 'builder_404'
  | 'german_404'
  | 'russian_404_meta_charset'
  | 'catch_all'
  | 'search_results'
  | 'looked_everywhere'
  | 'hidden_markers'
  | 'json_gateway_echo'
  | 'json_api_error'
  | 'json_empty_result'
  | 'json_other_api';

export const GENERATED_FRAMES: readonly GeneratedFrame[] = [
  'brand_not_found',
  'hosting_404',
  'builder_404',
  'german_404',
  'russian_404_meta_charset',
  'catch_all',
  'search_results',
  'looked_everywhere',
  'hidden_markers',
  'json_gateway_echo',
  'json_api_error',
  'json_empty_result',
  'json_other_api',
];

/** Statuses a page is served with (3xx without a Location on purpose). */
export const GENERATED_STATUSES: readonly number[] = [200, 404, 410, 300, 304, 302, 307];

export interface GeneratedPage {
  id: string;
  frame: GeneratedFrame;
  status: number;
  /** The page shows the name from the request path. */
  echo: boolean;
  /** The page for one request (`path`: the request's path; the name is its last segment). */
  make: (c: { host: string; path: string }) => CannedResponse;
}

const HTML = { 'content-type': 'text/html; charset=utf-8' };
const JSON_TYPE = { 'content-type': 'application/json' };
const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** The name a request asks about: the path's last segment (or its `q`/`username` query value). */
export function requestedName(path: string): string {
  const url = new URL(path, 'http://x');
  const query = url.searchParams.get('username') ?? url.searchParams.get('q');
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return query ?? decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** windows-1251 bytes of a string of ASCII and basic Cyrillic. */
function cp1251(text: string): Buffer {
  return Buffer.from(
    [...text].map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      return 0x3f;
    }),
  );
}

type Body = { type: 'html' | 'json' | 'cp1251'; text: string };

function frameBody(frame: GeneratedFrame, name: string | undefined, host: string, path: string): Body {
  const who = name === undefined ? 'this account' : `@${esc(name)}`;
  const shown = name === undefined ? 'that page' : esc(name);
  const html = (title: string, body: string, head = ''): Body => ({
    type: 'html',
    text: `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>${head}</head><body>${body}</body></html>`,
  });
  switch (frame) {
    case 'brand_not_found':
      return html(
        'Sorry, this page isn’t available • Pictogram',
        `<main><h2>Sorry, this page isn't available.</h2><p>The link to ${who} may be broken, or the page may have been removed. User not found.</p><a href="/">Go back to Pictogram.</a></main>`,
      );
    case 'hosting_404':
      return html(
        'Site not found · StaticHost',
        `<h1>404</h1><p><strong>There isn't a site here.</strong></p><p>If you're trying to publish one, read the full documentation. Page not found: ${shown}</p>`,
      );
    case 'builder_404':
      return html(
        'Page Not Found | SiteCanvas',
        `<div class="err"><h1>This page isn’t available</h1><p>The link you followed for ${shown} may be broken, or the page may have been removed. Build your own profile with SiteCanvas.</p></div>`,
      );
    case 'german_404':
      return html(
        'Seite nicht gefunden',
        `<h1>Fehler 404</h1><p>Die angeforderte Seite ${shown} existiert nicht. Page not found.</p>`,
      );
    case 'russian_404_meta_charset':
      return {
        type: 'cp1251',
        text: `<html><head><meta http-equiv="Content-Type" content="text/html; charset=windows-1251"><title>Страница не найдена</title></head><body><h1>Ошибка 404</h1><p>Пользователь ${name === undefined ? '' : esc(name)} не найден. User not found.</p></body></html>`,
      };
    case 'catch_all':
      return html(
        `${name === undefined ? 'Welcome' : esc(name)} on Chirp`,
        `<h1>${who} hasn’t posted yet</h1><p>Joined Chirp? 0 followers · 0 following. When they post, their profile will show it here.</p><a href="/signup">Join Chirp today</a>`,
      );
    case 'search_results':
      return html(
        `Search results for ${shown}`,
        `<h1>Search</h1><p>No exact profile for ${shown}. People you may know: <a href="/u/jane">jane</a> (120 followers, Joined 2019), <a href="/u/li">li</a>.</p>`,
      );
    case 'looked_everywhere':
      return html(
        'Hmm… | Loopy',
        `<section><h1>We looked everywhere for ${who}</h1><p>Maybe they changed their name. Try another profile or search.</p></section>`,
      );
    case 'hidden_markers':
      return html(
        'Loading',
        `<div id="app" data-error="User not found" data-empty="This user doesn't exist" aria-label="profile followers Joined"></div><!-- Page not found · User not found · doesn't exist --><noscript>Please enable JavaScript.</noscript><script>window.__I18N__={notFound:"User not found",gone:"Page not found",missing:"This user doesn't exist",stats:"followers",since:"Joined",p:"profile",u:${JSON.stringify(name ?? '')}};</script>`,
        '<style>.followers:after{content:"Joined"}</style>',
      );
    case 'json_gateway_echo':
      return {
        type: 'json',
        text: JSON.stringify({
          message: 'no Route matched with those values',
          request_path: name === undefined ? '/' : path,
          request_id: 'a1b2c3',
        }),
      };
    case 'json_api_error':
      return {
        type: 'json',
        text: JSON.stringify({ error: { code: 404, message: 'Not Found', detail: 'Page not found' }, host }),
      };
    case 'json_empty_result':
      return {
        type: 'json',
        text: JSON.stringify({ ok: true, query: name ?? null, profile: null, data: [], followers: 0 }),
      };
    case 'json_other_api':
      // Another API's user object (a shared gateway routing to the wrong service, a lapsed API domain).
      return {
        type: 'json',
        text: JSON.stringify({
          data: {
            username: name ?? 'jane',
            followers_count: 120,
            joined: '2019-04-01',
            profile: `/u/${name ?? 'jane'}`,
          },
          meta: { api: 'v2', note: 'Joined users only' },
        }),
      };
  }
}

function make(frame: GeneratedFrame, status: number, echo: boolean) {
  return ({ host, path }: { host: string; path: string }): CannedResponse => {
    const body = frameBody(frame, echo ? requestedName(path) : undefined, host, path);
    const headers =
      body.type === 'json'
        ? { ...JSON_TYPE }
        : body.type === 'cp1251'
          ? { 'content-type': 'text/html' } // the charset only in the page's <meta>
          : { ...HTML };
    return { status, headers, body: body.type === 'cp1251' ? cp1251(body.text) : body.text };
  };
}

/** Every generated page: frames × statuses × echo. */
export function generatedPages(): GeneratedPage[] {
  const pages: GeneratedPage[] = [];
  for (const frame of GENERATED_FRAMES) {
    for (const status of GENERATED_STATUSES) {
      for (const echo of [true, false]) {
        pages.push({
          id: `${frame}-${status}-${echo ? 'echo' : 'plain'}`,
          frame,
          status,
          echo,
          make: make(frame, status, echo),
        });
      }
    }
  }
  return pages;
}
