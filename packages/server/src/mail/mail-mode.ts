/**
 * Which of the three mailers runs (decision 093). The development mailbox shows every code the server
 * mails to anyone who asks, so it is on only where nobody else can ask: a server bound to a loopback
 * address, linked as a loopback address, not behind a reverse proxy and not in production — or where the
 * operator turned it on explicitly with DEV_MAILBOX=true (warned about loudly when the server is not local).
 */
import type { Config } from '../env.ts';

export type MailMode = 'smtp' | 'dev-mailbox' | 'off';

export interface MailModeChoice {
  mode: MailMode;
  /** One sentence for the start-up log. */
  reason: string;
  /** The choice exposes codes on a server others may reach: log it as a warning. */
  loud: boolean;
}

function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** Only this machine can reach the server and its links: HOST and PUBLIC_URL are loopback, no proxy in front. */
export function isLocalServer(config: Pick<Config, 'host' | 'publicUrl' | 'trustProxy'>): boolean {
  return isLoopbackHost(config.host) && isLoopbackHost(new URL(config.publicUrl).hostname) && !config.trustProxy;
}

export function chooseMailMode(
  config: Pick<Config, 'host' | 'publicUrl' | 'trustProxy' | 'production' | 'mail'>,
): MailModeChoice {
  const local = isLocalServer(config);
  if (config.mail.smtpUrl) {
    return {
      mode: 'smtp',
      reason: `mail mode: smtp (SMTP_URL is set${config.mail.devMailbox ? '; DEV_MAILBOX is ignored' : ''})`,
      loud: false,
    };
  }
  if (config.mail.devMailbox === true) {
    return local
      ? { mode: 'dev-mailbox', reason: 'mail mode: dev-mailbox (DEV_MAILBOX=true)', loud: false }
      : {
          mode: 'dev-mailbox',
          reason:
            'mail mode: dev-mailbox (DEV_MAILBOX=true) on a server that is not local: anyone who can reach it can read every sign-in code at /dev/mailbox. Unset DEV_MAILBOX and set SMTP_URL on a public server.',
          loud: true,
        };
  }
  if (config.mail.devMailbox === false) {
    return { mode: 'off', reason: 'mail mode: off (DEV_MAILBOX=false and no SMTP_URL): no mail is sent', loud: true };
  }
  if (local && !config.production) {
    return {
      mode: 'dev-mailbox',
      reason: `mail mode: dev-mailbox (no SMTP_URL, local server): codes are logged and kept at ${config.publicUrl}/dev/mailbox`,
      loud: false,
    };
  }
  const why = config.production ? 'NODE_ENV=production' : 'HOST, PUBLIC_URL or TRUST_PROXY say others can reach it';
  return {
    mode: 'off',
    reason: `mail mode: off (no SMTP_URL; the development mailbox stays off because ${why}): no mail is sent, sign-in codes reach nobody. Set SMTP_URL.`,
    loud: true,
  };
}
