import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTransport } from 'nodemailer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sherlockFixture, whatsMyNameFixture } from './fixtures.ts';
import { curl, randomUsername } from './helpers.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const cli = path.join(root, 'packages/testkit/src/cli.ts');

let child: ChildProcess | undefined;
afterEach(() => {
  child?.kill('SIGKILL');
  child = undefined;
});

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Starts the CLI; resolves with its first stdout line (or its exit when it fails early). */
function start(args: string[]): Promise<{ line: string; process: ChildProcess; output: Run }> {
  const proc = spawn(tsx, [cli, ...args], { cwd: root, env: { ...process.env, INIT_CWD: root } });
  child = proc;
  const output: Run = { stdout: '', stderr: '', code: null };
  proc.stderr.on('data', (d: Buffer) => {
    output.stderr += d.toString();
  });
  return new Promise((resolve, reject) => {
    proc.stdout.on('data', (d: Buffer) => {
      output.stdout += d.toString();
      if (output.stdout.includes('\n')) resolve({ line: output.stdout.split('\n')[0] ?? '', process: proc, output });
    });
    proc.once('exit', (code) => {
      output.code = code;
      reject(Object.assign(new Error(`exited ${code}: ${output.stderr}`), output));
    });
  });
}

function exited(proc: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => proc.once('exit', (code) => resolve(code)));
}

describe('sim CLI', () => {
  it('prints exactly one JSON line, serves through its proxy, exits cleanly on SIGTERM', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'hound-cli-'));
    const sherlock = path.join(dir, 'sherlock.json');
    const wmn = path.join(dir, 'wmn.json');
    await writeFile(sherlock, JSON.stringify(sherlockFixture));
    await writeFile(wmn, JSON.stringify(whatsMyNameFixture));
    const { line, process: proc, output } = await start(['--catalogue', sherlock, '--catalogue', wmn, '--seed', '5']);
    const info = JSON.parse(line) as {
      proxy: string;
      ca: string;
      sites: number;
      stripe: Record<string, string>;
      smtp: { SMTP_URL: string; mailbox: string };
      usernames: Array<[string, number]>;
    };
    expect(Object.keys(info)).toEqual(['proxy', 'ca', 'sites', 'stripe', 'email', 'smtp', 'usernames']);
    // The usernames the sites know, with how many sites know each, the most known first (issue 41 item 9):
    // `bob` is Talky's, and Redirecty's `bo.b` as its client sends it (without the `.`).
    expect(info.usernames).toEqual([
      ['bob', 2],
      ['ann', 1],
      ['annlee', 1],
      ['bakery', 1],
      ['courier', 1],
      ['deck', 1],
      ['mailman', 1],
      ['octocat', 1],
    ]);
    await vi.waitFor(() =>
      expect(output.stderr).toContain('hound-testkit: 8 usernames known, most: bob (2), ann (1), annlee (1)'),
    );
    expect(info.proxy).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(info.sites).toBe(7);
    const via = { proxyUrl: info.proxy, caFile: info.ca } as Parameters<typeof curl>[0];
    expect((await curl(via, 'https://github.com/octocat')).status).toBe(200);
    expect((await curl(via, `https://github.com/${randomUsername()}`)).status).toBe(404);
    // The fake Stripe answers with the settings the line hands out.
    expect(info.stripe).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_hound_fake',
      STRIPE_PRICE_MONTHLY: 'price_hound_monthly',
      STRIPE_PRICE_CREDITS: 'price_hound_credits',
    });
    expect(info.stripe.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    const price = await fetch(`${info.stripe.STRIPE_API_URL}/v1/prices/${info.stripe.STRIPE_PRICE_MONTHLY}`, {
      headers: { Authorization: `Bearer ${info.stripe.STRIPE_SECRET_KEY}` },
    });
    expect(((await price.json()) as { unit_amount: number }).unit_amount).toBe(1500);
    // Its SMTP sink takes mail at SMTP_URL; the mailbox address shows it.
    const transport = createTransport(info.smtp.SMTP_URL);
    await transport.sendMail({ from: 'hound@example.com', to: 'Someone@Example.com', subject: 'Code 123', text: 'hi' });
    transport.close();
    const mails = (await (await fetch(`${info.smtp.mailbox}?to=someone@example.com`)).json()) as { subject: string }[];
    expect(mails.map((m) => m.subject)).toEqual(['Code 123']);
    expect((await fetch(info.smtp.mailbox, { method: 'DELETE' })).status).toBe(200);
    expect(await (await fetch(info.smtp.mailbox)).json()).toEqual([]);
    proc.kill('SIGTERM');
    expect(await exited(proc)).toBe(0);
    expect(output.stdout).toBe(`${line}\n`);
  });

  it('rejects bad input with a clear message and no stdout', async () => {
    const failure = (await start(['--catalogue', '/nonexistent/catalogue.json']).catch((e: Run) => e)) as Run;
    expect(failure.code).toBe(2);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toContain('CATALOGUE_UNREADABLE');
    const badShare = (await start(['--hang-share', 'lots']).catch((e: Run) => e)) as Run;
    expect(badShare.code).toBe(2);
    expect(badShare.stderr).toContain('--hang-share must be a number');
    const badStripe = (await start(['--stripe-webhook-url', 'ftp://nowhere']).catch((e: Run) => e)) as Run;
    expect(badStripe.code).toBe(2);
    expect(badStripe.stdout).toBe('');
    expect(badStripe.stderr).toContain('INVALID_OPTION: webhook URL must be http(s)');
    const badEmail = (await start(['--email-registered', 'not-an-address']).catch((e: Run) => e)) as Run;
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain('--email-registered needs an email address');
  });
});
