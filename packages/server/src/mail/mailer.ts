/**
 * Outgoing mail. One interface, three providers chosen once at start (`chooseMailMode`): SMTP (`SMTP_URL`),
 * the development mailbox (no SMTP on a local server, or DEV_MAILBOX=true: logged with its code and kept for
 * `/dev/mailbox`), and off (no SMTP anywhere else: nothing is sent, and the log says so without the content).
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** One line for the development log, e.g. "sign-in code 123456". Logged only in dev-mailbox mode. */
  summary: string;
  /** Extra headers, e.g. a watch mail's one-click `List-Unsubscribe` (RFC 8058). */
  headers?: Record<string, string>;
}

export interface Mailer {
  readonly kind: 'smtp' | 'dev-mailbox' | 'off';
  /** Resolves once the message is handed over (or stored); rejects when that fails. */
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** `ann@example.com` → `a***@example.com`, for log lines that must not carry the address. */
export function maskAddress(address: string): string {
  const at = address.lastIndexOf('@');
  return at <= 0 ? '***' : `${address[0]}***${address.slice(at)}`;
}
