import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { safeError } from './lib/safe-error.ts';

/**
 * The process logger (JSON lines on stdout). Requests are logged by method, path and status only:
 * no bodies (usernames), no client addresses, no headers (tokens, cookies). Errors are logged by kind, code
 * and stack frames, never by a library's message, which can quote a query's parameters (lib/safe-error.ts).
 */
export function createLogger(
  level: string,
  name = 'hound-server',
  destination?: NodeJS.WritableStream,
): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    name,
    level,
    serializers: {
      req: (req: { method?: string; url?: string }) => ({ method: req.method, path: req.url?.split('?')[0] }),
      res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
      err: safeError,
    },
    redact: {
      paths: ['*.authorization', '*.cookie', '*.password', '*.databaseUrl', '*.redisUrl'],
      censor: '[redacted]',
    },
  };
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}
