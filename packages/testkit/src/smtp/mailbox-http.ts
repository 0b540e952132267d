/**
 * The SMTP sink's mailbox over HTTP, for a process that did not start the sink (a browser journey or a
 * person against `npm run sim`): JSON out, 127.0.0.1 only, no authentication (test mail only).
 *
 *   GET    /mails[?to=ADDRESS][&after=N]   → every message received (oldest first), optionally only to ADDRESS
 *                                            and only after the first N (the `after` of `waitForMail`)
 *   DELETE /mails                          → empties the mailbox
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sendJson } from '../stripe/http.ts';
import type { SmtpSink } from './smtp-sink.ts';

export interface MailboxServer {
  /** `http://127.0.0.1:PORT/mails`. */
  readonly url: string;
  close(): Promise<void>;
}

export async function serveMailbox(sink: SmtpSink, options: { port?: number } = {}): Promise<MailboxServer> {
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/mails') return sendJson(response, 404, { error: { message: 'only /mails is served' } });
    if (request.method === 'DELETE') {
      sink.clear();
      return sendJson(response, 200, { cleared: true });
    }
    if (request.method !== 'GET') return sendJson(response, 405, { error: { message: 'GET or DELETE /mails' } });
    const to = url.searchParams.get('to')?.toLowerCase();
    const after = Number(url.searchParams.get('after') ?? 0);
    const mails = sink
      .mails()
      .map((mail, index) => ({ index, ...mail }))
      .filter((mail) => mail.index >= after && (!to || mail.to.includes(to)));
    return sendJson(response, 200, mails);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mails`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
