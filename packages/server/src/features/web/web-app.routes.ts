import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Prefixes that belong to the API alone (the web app has no pages there). */
const API_PREFIXES = ['/api', '/auth', '/me', '/billing', '/dev'];

/** Paths the web app never answers: unknown ones get a JSON 404, not the SPA. */
export function isApiPath(url: string): boolean {
  const pathname = url.split('?')[0]!;
  return (
    pathname === '/healthz' ||
    pathname === '/readyz' ||
    API_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`))
  );
}

/** `/search/{id}`: a search's own page (its graph page is not: it reads the tree). */
const STORED_SEARCH_PAGE = /^\/search\/([A-Za-z0-9_-]{22})\/?$/;

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Hound</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; line-height: 1.5">
<h1>Hound is running, but the web app is not built</h1>
<p>The API works (see <a href="/api/docs">/api/docs</a>). To get the web app, run <code>npm start</code> from the repository root:
it builds <code>packages/web</code> before starting the server.</p>
</body></html>`;

/**
 * Serves the built SPA from the same origin: real files as they are (hashed assets cached for a year),
 * and index.html for any other GET that asks for a page (history routing: /, /library/:slug, /terms …).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const index = path.join(distDir, 'index.html');
  const built = fs.existsSync(index);
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(reply, file) {
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(request.url) &&
      !path.extname(request.url.split('?')[0]!);
    if (!wantsPage) {
      return reply.code(404).send({
        status: 'error',
        code: 'NOT_FOUND',
        error: `No route for ${request.method} ${request.url.split('?')[0]}`,
      });
    }
    reply.header('cache-control', 'no-cache');
    if (!built) return reply.code(200).type('text/html; charset=utf-8').send(NOT_BUILT_PAGE);
    // A stored search's address: the browser fetches its status alongside the page, not after the app's
    // code has loaded (the app's own fetch of that address is answered by this one; decision 145).
    const stored = STORED_SEARCH_PAGE.exec(request.url.split('?')[0]!);
    if (stored) reply.header('link', `</api/search/status/${stored[1]}>; rel=preload; as=fetch; crossorigin`);
    return reply.sendFile('index.html', distDir);
  });
}
