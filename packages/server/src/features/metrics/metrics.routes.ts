/**
 * `GET /metrics`: Prometheus text format, only when METRICS_TOKEN is set and only to
 * `Authorization: Bearer <METRICS_TOKEN>` (decision 103). Unset: 404, like any unknown path.
 */
import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../errors.ts';
import { bearerMatches } from '../../metrics/bearer.ts';
import type { Metrics } from '../../metrics/metrics.ts';

export const metricsRoutes: FastifyPluginAsync<{ metrics: Metrics; token?: string }> = async (
  app,
  { metrics, token },
) => {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('NOT_FOUND', 'No route for GET /metrics');
    if (!bearerMatches(request.headers.authorization, token)) {
      throw new AppError('METRICS_UNAUTHORIZED', 'A valid metrics bearer token is required.', {
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });
};
