/**
 * Issue 25 item 7: an address is one plain `local@domain` everywhere the server takes one (a clear 422,
 * nothing mailed or stored), and sign-up credits are granted once per mailbox — not again for a `+alias`,
 * a Gmail dot variant, or after deleting the account and registering again. On both stacks.
 */
import { type SmtpSink, startSmtpSink } from '@hound/testkit';
import { eq, sql } from 'drizzle-orm';
import addressparser from 'nodemailer/lib/addressparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, otpChallenges, signupGrants, users } from '../src/db/schema/index.ts';
import { readConfig } from '../src/env.ts';
import { bearer, codeIn, createTestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const ADULT_DOB = '1990-04-02';
const SIGNUP_CREDITS = 3;

/** Each was accepted by the old rule and is read by nodemailer as an address other than the one checked. */
const NOT_PLAIN = [
  'alias1<me@example.com>',
  'a,b@example.com',
  'a;b@example.com',
  '"me"@example.com',
  'me @example.com',
  'me(comment)@example.com',
  'me@example.com>',
  'a%b@example.com',
  'me@exa_mple.com',
  'me\u0000@example.com',
];

describe('the address rule against the mailer', () => {
  it('rejected the addresses nodemailer would deliver elsewhere, and accepts ones it reads as themselves', async () => {
    const { isPlainEmailAddress } = await import('@hound/contracts');
    for (const bad of NOT_PLAIN) expect(isPlainEmailAddress(bad), bad).toBe(false);
    // What made them dangerous: the mail library finds another address in them (or several).
    expect(addressparser('alias1<me@example.com>')).toEqual([{ name: 'alias1', address: 'me@example.com' }]);
    expect(addressparser('a,b@example.com').map((a) => a.address)).toContain('b@example.com');
    const samples = ['me@example.com', 'Me.Too+tag@Sub.Example.co.uk', 'a_b-c@x-y.io', 'x@xn--bcher-kva.example'];
    // And a thousand random ones over every character the rule admits.
    const pick = (chars: string, n: number) =>
      Array.from({ length: n }, () => chars[Math.floor(Math.random() * chars.length)]).join('');
    const word = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    for (let i = 0; i < 1000; i++)
      samples.push(
        `${pick(`${word}_+-`, 1 + (i % 20))}.${pick(`${word}_+-`, 3)}@${pick(word, 5)}-x.${pick(word, 2)}.com`,
      );
    for (const good of samples) {
      expect(isPlainEmailAddress(good), good).toBe(true);
      expect(addressparser(good), good).toEqual([{ name: '', address: good }]);
    }
  });

  it('refuses to start with an ADMIN_EMAILS entry that is not a plain address', () => {
    expect(() => readConfig({ ADMIN_EMAILS: 'alias<boss@example.com>' }, '/tmp')).toThrow(/ADMIN_EMAILS/);
    expect(readConfig({ ADMIN_EMAILS: 'Boss@Example.com, ops@example.com' }, '/tmp').auth.adminEmails).toEqual([
      'boss@example.com',
      'ops@example.com',
    ]);
  });
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`addresses and sign-up credits (${mode.name})`, () => {
    let internet: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    let call: Call;
    const run = Math.random().toString(36).slice(2, 8);

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      sink = await startSmtpSink();
      stack = await startStack(mode, {
        createEngine: internet.createEngine(),
        env: { SMTP_URL: sink.url, SIGNUP_CREDITS: String(SIGNUP_CREDITS) },
        // Every request comes from 127.0.0.1; the per-IP cap is not under test here.
        authLimits: { codesPerIpPerHour: 10_000 },
      });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
    });
    afterAll(async () => {
      await stack?.close();
      await sink?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;

    async function sendRegistration(email: string) {
      const sent = await call('POST', '/auth/register/send-otp', {
        first_name: 'Ann',
        last_name: 'Lee',
        email,
        date_of_birth: ADULT_DOB,
      });
      expect(sent.status, email).toBe(200);
    }

    /** Registers through the real flow (code from the SMTP sink); answers the new account's credits. */
    async function verifyRegistration(
      email: string,
      after: number,
    ): Promise<{ token: string; credits: number; id: string }> {
      const mail = await sink.waitForMail({ to: email, after });
      const verified = await call('POST', '/auth/register/verify-otp', { email, code: codeIn(mail.text) });
      expect(verified.status, email).toBe(200);
      const token = verified.json.access_token as string;
      const me = await call('GET', '/auth/me', undefined, bearer(token));
      return { token, credits: me.json.email_search_credits, id: me.json.id };
    }

    async function register(email: string) {
      const after = sink.mails().length;
      await sendRegistration(email);
      return verifyRegistration(email, after);
    }

    const signupEntries = async (userId: string) =>
      (await db().select().from(creditLedger).where(eq(creditLedger.userId, userId))).filter(
        (e) => e.kind === 'signup_grant',
      );

    it('answers 422 EMAIL_ADDRESS_INVALID wherever an address is taken, and mails, stores and charges nothing', async () => {
      const user = await createTestUser(db(), { credits: 2 });
      const mailsBefore = sink.mails().length;
      for (const email of NOT_PLAIN) {
        const person = { first_name: 'Ann', last_name: 'Lee', email, date_of_birth: ADULT_DOB };
        const answers = {
          registerCode: await call('POST', '/auth/register/send-otp', person),
          registerPassword: await call('POST', '/auth/register', { ...person, password: 'a long password 123' }),
          registerVerify: await call('POST', '/auth/register/verify-otp', { email, code: '123456' }),
          loginCode: await call('POST', '/auth/login/send-otp', { email }),
          loginVerify: await call('POST', '/auth/login/verify-otp', { email, code: '123456' }),
          loginPassword: await call('POST', '/auth/login', { email, password: 'a long password 123' }),
          emailSearch: await call('POST', '/api/email/searches', { email }, user.headers),
          emailSearchBlocking: await call('POST', '/api/email/search', { email }, user.headers),
          emailPlusLead: await call(
            'POST',
            '/api/email/plus/lead',
            { email, purpose: 'Checking a business contact', accept_terms: true },
            { ...user.headers, 'x-user-email': user.email },
          ),
        };
        for (const [where, answer] of Object.entries(answers)) {
          expect(answer.status, `${where} ${JSON.stringify(email)}`).toBe(422);
          expect(answer.json.code, where).toBe('EMAIL_ADDRESS_INVALID');
          expect(answer.json.detail, where).toMatch(/^(Invalid email\. Max 70 chars|Enter a valid email address)/);
        }
        // The waitlist answers in the spec's own shape, and refuses the address too.
        expect((await call('POST', '/api/subscribe', { email })).json).toMatchObject({ status: 'error' });
      }
      expect(sink.mails().length).toBe(mailsBefore);
      const codes = await db().select({ n: sql<number>`count(*)::int` }).from(otpChallenges);
      expect(codes[0]!.n).toBe(0);
      expect((await call('GET', '/me/credits', undefined, user.headers)).json.credits).toBe(2);
    });

    it('grants sign-up credits once per mailbox: not to a +alias, a dot variant, or after delete and re-register', async () => {
      const first = await register(`Owner.${run}@Example.com`);
      expect(first.credits).toBe(SIGNUP_CREDITS);
      expect(await signupEntries(first.id)).toMatchObject([{ delta: SIGNUP_CREDITS }]);

      const alias = await register(`owner.${run}+2@example.com`);
      expect(alias.credits).toBe(0);
      expect(await signupEntries(alias.id)).toEqual([]);

      // Deleting the account does not give the mailbox its credits back.
      expect((await call('DELETE', '/me', undefined, bearer(first.token))).status).toBe(204);
      const again = await register(`owner.${run}@example.com`);
      expect(again.id).not.toBe(first.id);
      expect(again.credits).toBe(0);
      expect((await call('GET', '/me/credits', undefined, bearer(again.token))).json.credits).toBe(0);

      // Gmail reads dots and googlemail.com as the same mailbox (decision 094).
      expect((await register(`jo.doe.${run}@gmail.com`)).credits).toBe(SIGNUP_CREDITS);
      expect((await register(`jodoe${run}+x@googlemail.com`)).credits).toBe(0);
      // Other providers' dots are different mailboxes, and a new mailbox still gets its credits.
      expect((await register(`jo.doe.${run}@example.com`)).credits).toBe(SIGNUP_CREDITS);
      expect((await register(`jodoe.${run}@example.com`)).credits).toBe(SIGNUP_CREDITS);

      // Only keyed hashes are kept: no address, no user id.
      const grants = await db().select().from(signupGrants);
      expect(grants.length).toBeGreaterThanOrEqual(4);
      const stored = JSON.stringify(grants);
      expect(stored).not.toContain(run);
      expect(stored).not.toContain(first.id);
    });

    it('grants once when 30 sub-addresses of one mailbox register in parallel', async () => {
      const emails = Array.from({ length: 30 }, (_, i) => `burst.${run}+${i}@example.com`);
      const after = sink.mails().length;
      await Promise.all(emails.map(sendRegistration));
      const accounts = await Promise.all(emails.map((email) => verifyRegistration(email, after)));
      expect(accounts.map((a) => a.credits).sort((a, b) => b - a)).toEqual([
        SIGNUP_CREDITS,
        ...Array<number>(29).fill(0),
      ]);
      const ids = accounts.map((a) => a.id);
      const balances = await db().select({ credits: users.emailSearchCredits, id: users.id }).from(users);
      const total = balances.filter((b) => ids.includes(b.id)).reduce((sum, b) => sum + b.credits, 0);
      expect(total).toBe(SIGNUP_CREDITS);
    });
  });
}
