/**
 * A webhook receiver for tests: a real HTTP server on 127.0.0.1 that records every request it gets and
 * answers with the status the test chose (in order, then the last one), and a verifier of the Standard
 * Webhooks signature written here from the specification (standardwebhooks.com), independent of the
 * server's signing code.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor } from './http-client.ts';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads are checked field by field with expect
  json: any;
  receivedAt: number;
}

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Answers with these statuses in turn; the last one repeats. */
  answerWith(...statuses: number[]): void;
  /** The requests whose body has this `type` (and matches `where`), waiting until there are `count`. */
  waitFor(type: string, count?: number, where?: (hook: ReceivedWebhook) => boolean): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(path = '/hooks'): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  let statuses = [200];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body);
      } catch {
        json = undefined;
      }
      received.push({ headers: request.headers, body, json, receivedAt: Date.now() });
      const status = statuses.length > 1 ? statuses.shift()! : statuses[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    answerWith(...next) {
      statuses = next;
    },
    waitFor(type, count = 1, where = () => true) {
      return waitFor(async () => {
        const matching = received.filter((hook) => hook.json?.type === type && where(hook));
        return matching.length >= count ? matching : undefined;
      }, 30_000);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * Standard Webhooks verification, from the specification: the secret is base64 after `whsec_`; the signed
 * content is `${webhook-id}.${webhook-timestamp}.${body}`; `webhook-signature` is a space-separated list of
 * `v1,<base64 HMAC-SHA256>`; the timestamp must be within 5 minutes.
 */
export function verifyStandardWebhook(secret: string, hook: Pick<ReceivedWebhook, 'headers' | 'body'>): boolean {
  const id = String(hook.headers['webhook-id'] ?? '');
  const timestamp = String(hook.headers['webhook-timestamp'] ?? '');
  const signatures = String(hook.headers['webhook-signature'] ?? '').split(' ');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${hook.body}`).digest();
  return signatures.some((entry) => {
    const [version, value] = entry.split(',');
    if (version !== 'v1' || !value) return false;
    const given = Buffer.from(value, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
