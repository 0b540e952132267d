/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed, in a mailbox tests can
 * wait on. Hound's mailer talks to it with nodemailer over a socket, exactly as it would to a real relay.
 */
import type { AddressInfo, Socket } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope sender and recipients (lower-cased addresses). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  attachments: { filename: string | null; mimeType: string; size: number }[];
  receivedAt: Date;
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:PORT`, ready for SMTP_URL. */
  readonly url: string;
  readonly port: number;
  /** Every message received so far, oldest first. */
  mails(): ReceivedMail[];
  /** The first message (received before or after the call) that matches, or a rejection after `timeoutMs`. */
  waitForMail(match: MailMatch, timeoutMs?: number): Promise<ReceivedMail>;
  clear(): void;
  /**
   * A relay that never answers: while on, new connections are accepted and then left in silence (no
   * greeting, no reply), as a hung relay does. Turning it off lets new connections through again.
   */
  setSilent(silent: boolean): void;
  /** Connections accepted while silent (still open or not). */
  silentConnections(): number;
  close(): Promise<void>;
}

export interface MailMatch {
  to?: string;
  subject?: RegExp | string;
  /** Only messages received after this many earlier ones (e.g. `sink.mails().length` before an action). */
  after?: number;
}

function matches(mail: ReceivedMail, index: number, match: MailMatch): boolean {
  if (match.after !== undefined && index < match.after) return false;
  if (match.to && !mail.to.includes(match.to.toLowerCase())) return false;
  if (match.subject instanceof RegExp && !match.subject.test(mail.subject)) return false;
  if (typeof match.subject === 'string' && !mail.subject.includes(match.subject)) return false;
  return true;
}

export async function startSmtpSink(options: { port?: number } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters = new Set<() => void>();

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address.toLowerCase() : '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              headers: Object.fromEntries(email.headers.map((h) => [h.key, h.value])),
              attachments: email.attachments.map((a) => ({
                filename: a.filename,
                mimeType: a.mimeType,
                size: typeof a.content === 'string' ? a.content.length : a.content.byteLength,
              })),
              receivedAt: new Date(),
            });
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  server.on('error', () => {}); // a client dropping mid-session must not crash the test process
  // In front of smtp-server's own connection handler: a silent sink holds the socket and says nothing.
  let silent = false;
  let heldCount = 0;
  const held = new Set<Socket>();
  const [accept] = server.server.listeners('connection') as ((socket: Socket) => void)[];
  server.server.removeAllListeners('connection');
  server.server.on('connection', (socket: Socket) => {
    if (!silent) return accept!.call(server.server, socket);
    heldCount += 1;
    held.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => held.delete(socket));
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails: () => [...received],
    waitForMail(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const index = received.findIndex((mail, i) => matches(mail, i, match));
          if (index === -1) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(received[index]!);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail matching ${JSON.stringify({ ...match, subject: String(match.subject) })}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    clear() {
      received.length = 0;
    },
    setSilent(value) {
      silent = value;
    },
    silentConnections: () => heldCount,
    close() {
      for (const socket of held) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
