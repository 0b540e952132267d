/**
 * `npm run sim -- --catalogue <file> [--catalogue <file>…] [--seed N] [--latency-median-ms N]
 *   [--latency-p99-ms N] [--hang-share F] [--waf-share F] [--port N]
 *   [--stripe-port N] [--stripe-webhook-url URL] [--email-catalogue <file>…] [--email-registered ADDRESS…]
 *   [--smtp-port N] [--mailbox-port N]`
 *
 * Prints exactly one JSON line to stdout — {"proxy","ca","sites","stripe","email","smtp","usernames"} — then serves
 * until SIGINT/SIGTERM. Everything else goes to stderr. `usernames` is every username the sites know (the
 * catalogues' claimed names), with how many sites know it, the most known first.
 *
 * Every email check of Hound's shipped catalogue (or of `--email-catalogue` files) is served too: its own
 * registered example answer for the `--email-registered` addresses (default `registered@example.com`), its
 * unregistered one for any other address, and the host's faults (the shares apply to its hosts as well).
 * `email` on the line says how many checks are served and which addresses are registered.
 *
 * `stripe` is the fake Stripe's settings for Hound's environment (STRIPE_API_URL, STRIPE_SECRET_KEY,
 * STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_*). The fake learns where to send webhooks from
 * `--stripe-webhook-url`, or later from Hound itself: `POST /v1/webhook_endpoints` (the SDK's
 * `webhookEndpoints.create`; the last endpoint created wins) or `POST /_fake/webhook-url {"url"}`.
 * Until then events are kept (GET /_fake/events) but not sent. The fake's `/_fake/latency` and `/_fake/hang`
 * make it slow or silent.
 *
 * `smtp` is an SMTP sink that keeps every message: `SMTP_URL` for Hound's environment and `mailbox`, the
 * address where the messages are read (GET, `?to=ADDRESS`) or emptied (DELETE).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEmailChecks, SHIPPED_EMAIL_CATALOGUE } from './email/load-email-sites.ts';
import { serveEmailChecks } from './email/serve-email-checks.ts';
import { TestkitError } from './errors.ts';
import { serveMailbox } from './smtp/mailbox-http.ts';
import { startSmtpSink } from './smtp/smtp-sink.ts';
import { startInternet } from './start-internet.ts';
import { startFakeStripe } from './stripe/fake-stripe.ts';
import type { FakeStripeOptions } from './stripe/types.ts';
import type { Internet, StartOptions } from './types.ts';

export interface CliOptions {
  internet: StartOptions;
  stripe: FakeStripeOptions;
  email: { catalogues: string[]; registered: string[] };
  smtp: { port?: number; mailboxPort?: number };
}

/** The address `npm run sim` registers on every email check unless told otherwise. */
export const SIM_REGISTERED_EMAIL = 'registered@example.com';

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed))
    throw new TestkitError('INVALID_OPTION', `--${name} must be a number`);
  return parsed;
}

export function parseCli(argv: string[], cwd: string): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      catalogue: { type: 'string', multiple: true },
      seed: { type: 'string' },
      'latency-median-ms': { type: 'string' },
      'latency-p99-ms': { type: 'string' },
      'hang-share': { type: 'string' },
      'waf-share': { type: 'string' },
      port: { type: 'string' },
      'stripe-port': { type: 'string' },
      'stripe-webhook-url': { type: 'string' },
      'email-catalogue': { type: 'string', multiple: true },
      'email-registered': { type: 'string', multiple: true },
      'smtp-port': { type: 'string' },
      'mailbox-port': { type: 'string' },
    },
    strict: true,
  });
  const median = number('latency-median-ms', values['latency-median-ms']);
  const p99 = number('latency-p99-ms', values['latency-p99-ms']);
  if ((median === undefined) !== (p99 === undefined)) {
    throw new TestkitError('INVALID_OPTION', '--latency-median-ms and --latency-p99-ms go together');
  }
  const options: StartOptions = {
    catalogues: (values.catalogue ?? []).map((file) => ({ path: path.resolve(cwd, file) })),
  };
  const seed = number('seed', values.seed);
  const hangShare = number('hang-share', values['hang-share']);
  const wafShare = number('waf-share', values['waf-share']);
  const port = number('port', values.port);
  if (seed !== undefined) options.seed = seed;
  if (median !== undefined && p99 !== undefined) options.latency = { medianMs: median, p99Ms: p99 };
  if (hangShare !== undefined) options.hangShare = hangShare;
  if (wafShare !== undefined) options.wafShare = wafShare;
  if (port !== undefined) options.port = port;
  const stripe: FakeStripeOptions = {};
  const stripePort = number('stripe-port', values['stripe-port']);
  if (stripePort !== undefined) stripe.port = stripePort;
  if (values['stripe-webhook-url'] !== undefined) stripe.webhookUrl = values['stripe-webhook-url'];
  const registered = (values['email-registered'] ?? [SIM_REGISTERED_EMAIL]).map((a) => a.trim().toLowerCase());
  for (const address of registered)
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address))
      throw new TestkitError('INVALID_OPTION', `--email-registered needs an email address, got "${address}"`);
  const email = {
    catalogues: (values['email-catalogue'] ?? [SHIPPED_EMAIL_CATALOGUE]).map((file) => path.resolve(cwd, file)),
    registered,
  };
  const smtp: CliOptions['smtp'] = {};
  const smtpPort = number('smtp-port', values['smtp-port']);
  const mailboxPort = number('mailbox-port', values['mailbox-port']);
  if (smtpPort !== undefined) smtp.port = smtpPort;
  if (mailboxPort !== undefined) smtp.mailboxPort = mailboxPort;
  return { internet: options, stripe, email, smtp };
}

/**
 * The usernames the sites know (each entry's claimed names: what a search finds), with how many sites know
 * each, the most known first: `[["adam", 749], ["alex", 732], ["blue", 625], …]` (pairs: a JSON object
 * would put names like `1337` first).
 */
function knownUsernames(internet: Internet): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const site of internet.sites())
    for (const name of new Set(site.claimed)) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

async function main(): Promise<void> {
  // npm runs scripts from the package root; relative paths mean the caller's directory.
  const options = parseCli(process.argv.slice(2), process.env.INIT_CWD ?? process.cwd());
  const emailChecks = await loadEmailChecks(options.email.catalogues);
  const internet = await startInternet(options.internet);
  const emailSites = serveEmailChecks(internet, emailChecks);
  for (const address of options.email.registered) emailSites.register(address);
  const stripe = await startFakeStripe(options.stripe).catch(async (error: unknown) => {
    await internet.close();
    throw error;
  });
  const sink = await startSmtpSink({ port: options.smtp.port }).catch(async (error: unknown) => {
    await Promise.all([internet.close(), stripe.close()]);
    throw error;
  });
  const mailbox = await serveMailbox(sink, { port: options.smtp.mailboxPort }).catch(async (error: unknown) => {
    await Promise.all([internet.close(), stripe.close(), sink.close()]);
    throw error;
  });
  process.stdout.write(
    `${JSON.stringify({
      proxy: internet.proxyUrl,
      ca: internet.caFile,
      sites: internet.siteCount,
      stripe: stripe.settings,
      email: { checks: emailSites.served.length, registered: options.email.registered },
      smtp: { SMTP_URL: sink.url, mailbox: mailbox.url },
      usernames: knownUsernames(internet),
    })}\n`,
  );
  process.stderr.write(
    `hound-testkit: ${emailSites.served.length} email checks (${emailSites.skipped.length} skipped); registered: ${options.email.registered.join(', ')}\n`,
  );
  process.stderr.write(
    `hound-testkit: ${internet.siteCount} sites, ${internet.skipped().length} skipped, ${internet.conflicts().length} conflicting routes\n`,
  );
  const known = knownUsernames(internet);
  const most = known.slice(0, 5).map(([name, sites]) => `${name} (${sites})`);
  process.stderr.write(
    `hound-testkit: ${known.length} usernames known${most.length ? `, most: ${most.join(', ')}` : ''}\n`,
  );
  process.stderr.write(`hound-testkit: fake Stripe at ${stripe.url} (pages /checkout, /portal; controls /_fake)\n`);
  process.stderr.write(`hound-testkit: SMTP sink at ${sink.url}, its mail at ${mailbox.url}\n`);
  const stop = () => {
    Promise.all([internet.close(), stripe.close(), sink.close(), mailbox.close()]).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  const message = error instanceof TestkitError ? `${error.code}: ${error.message}` : String(error);
  process.stderr.write(`hound-testkit: ${message}\n`);
  process.exit(2);
});
