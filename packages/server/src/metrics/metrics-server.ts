/**
 * The worker's own `/metrics` (it has no HTTP app): a bare HTTP server on HOST:METRICS_PORT with the same
 * bearer rule as the API's (decision 103). Searches, checks and job waits are counted where searches run.
 */
import http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { bearerMatches } from './bearer.ts';
import type { Metrics } from './metrics.ts';

export async function serveMetrics(
  metrics: Metrics,
  options: { host: string; port: number; token: string; log: FastifyBaseLogger },
): Promise<http.Server> {
  const answer = (res: http.ServerResponse, status: number, body: object, headers: http.OutgoingHttpHeaders = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer(async (req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      return answer(res, 404, { status: 'error', code: 'NOT_FOUND', error: 'Not found' });
    }
    if (!bearerMatches(req.headers.authorization, options.token)) {
      return answer(
        res,
        401,
        { status: 'error', code: 'METRICS_UNAUTHORIZED', error: 'A valid metrics bearer token is required.' },
        { 'www-authenticate': 'Bearer realm="metrics"' },
      );
    }
    try {
      const text = await metrics.registry.metrics();
      res.writeHead(200, { 'content-type': metrics.registry.contentType });
      res.end(text);
    } catch (error) {
      options.log.error({ err: error }, 'metrics scrape failed');
      answer(res, 500, { status: 'error', code: 'INTERNAL', error: 'Server error.' });
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address() as { port: number };
  options.log.info({ port: address.port }, 'worker metrics at /metrics');
  return server;
}
