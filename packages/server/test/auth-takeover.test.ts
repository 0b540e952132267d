/**
 * Issue 25 items 2–5 (decision 093): a code finishes only the request it was mailed for, a password can be
 * seen and removed, a stranger cannot lock the owner out (caps apart, guesses by callers, atomic cooldown
 * under ≥ 30 parallel requests), no scrypt before the cheap limits and a bounded number of hashes at once,
 * and names in mails are one short plain line. Real server components, mail through the testkit's SMTP
 * sink, callers told apart by their socket address; on PGlite + in-process and PostgreSQL + Redis.
 */
import { ACCOUNT_MESSAGES } from '@hound/contracts';
import { type SmtpSink, startSmtpSink } from '@hound/testkit';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges, users } from '../src/db/schema/index.ts';
import { bearer, codeIn, freshAddress } from './support/accounts.ts';
import { type Call, injectClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const DOB = '1990-04-02';
const ROUNDS = 3;
const PARALLEL = 30;

const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`account takeover and lock-out (${mode.name})`, () => {
    let internet: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    /** A caller at its own IP: 10.25.<n>.<m>. */
    let from: (n: number) => Call;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 1 });
      sink = await startSmtpSink();
      stack = await startStack(mode, {
        createEngine: internet.createEngine(),
        env: { SMTP_URL: sink.url, BRAND_NAME: 'Hound' },
      });
      from = (n) => injectClient(stack.app, `10.25.${Math.floor(n / 250)}.${(n % 250) + 1}`);
    });
    afterAll(async () => {
      await stack?.close();
      await sink?.close();
      await internet?.close();
    });

    const db = () => stack.services.db.db;
    let ip = 0;
    /** A caller no other test uses (per-IP caps stay out of each other's way). */
    const fresh = () => from(++ip);

    async function pastCooldown(email: string, purpose: 'login' | 'register'): Promise<void> {
      await db()
        .update(otpChallenges)
        .set({ lastSentAt: new Date(Date.now() - 61_000) })
        .where(and(eq(otpChallenges.email, email), eq(otpChallenges.purpose, purpose)));
    }

    async function mailedCode(email: string, before: number, subject = /Confirm your/): Promise<string> {
      return codeIn((await sink.waitForMail({ to: email, after: before, subject })).text);
    }

    async function registerWithPassword(call: Call, email: string, password: string, first = 'Vic') {
      const before = sink.mails().length;
      const sent = await call('POST', '/auth/register', {
        first_name: first,
        last_name: 'Tim',
        email,
        date_of_birth: DOB,
        password,
      });
      expect(sent.status).toBe(200);
      return mailedCode(email, before);
    }

    async function account(call: Call, email: string): Promise<string> {
      const before = sink.mails().length;
      await call('POST', '/auth/register/send-otp', { first_name: 'Owen', last_name: 'Er', email, date_of_birth: DOB });
      const verified = await call('POST', '/auth/register/verify-otp', {
        email,
        code: await mailedCode(email, before),
      });
      expect(verified.status).toBe(200);
      return verified.json.access_token;
    }

    async function loginCode(call: Call, email: string): Promise<string> {
      const before = sink.mails().length;
      expect((await call('POST', '/auth/login/send-otp', { email })).status).toBe(200);
      return mailedCode(email, before, /sign-in code/);
    }

    it("item 2: a later registration cannot re-arm the victim's pending sign-up with the attacker's password", async () => {
      const victim = fresh();
      const attacker = fresh();
      const email = freshAddress('victim');
      const victimCode = await registerWithPassword(victim, email, 'victim password 1');
      await pastCooldown(email, 'register');
      const attackerCode = await registerWithPassword(attacker, email, 'attacker password 1', 'Mallory');
      expect(attackerCode).not.toBe(victimCode);

      const done = await victim('POST', '/auth/register/verify-otp', { email, code: victimCode });
      expect(done.status).toBe(200);
      const me = await victim('GET', '/auth/me', undefined, bearer(done.json.access_token));
      expect(me.json).toMatchObject({ first_name: 'Vic', has_password: true });
      expect((await attacker('POST', '/auth/login', { email, password: 'attacker password 1' })).status).toBe(401);
      expect((await victim('POST', '/auth/login', { email, password: 'victim password 1' })).status).toBe(200);
      // The attacker's own code finished nothing and finishes nothing now.
      expect((await attacker('POST', '/auth/register/verify-otp', { email, code: attackerCode })).status).toBe(400);
    });

    it("issue 38 item 5: a stranger sharing the victim's address group cannot slip their registration's code into the victim's flow", async () => {
      const shared = fresh(); // one NAT address (or one IPv6 /64) for both
      const email = freshAddress('group');
      const flow = { request_id: `victim-flow-${email}` };
      const register = async (password: string, first: string, extra: object) => {
        const before = sink.mails().length;
        const sent = await shared('POST', '/auth/register', {
          first_name: first,
          last_name: 'Tim',
          email,
          date_of_birth: DOB,
          password,
          ...extra,
        });
        expect(sent.status).toBe(200);
        return mailedCode(email, before);
      };
      const victimCode = await register('victim password 1', 'Vic', flow);
      await pastCooldown(email, 'register');
      // The attacker asks from the same address, with their password, in a flow of their own (or none).
      const attackerCode = await register('attacker password 1', 'Mallory', { request_id: 'attacker-flow-0123456789' });
      await pastCooldown(email, 'register');
      const plainCode = await register('attacker password 2', 'Mallory', {});
      // The victim, in the browser's flow, types the attacker's code from the second mail: refused.
      for (const code of [attackerCode, plainCode]) {
        const slipped = await shared('POST', '/auth/register/verify-otp', { email, code, ...flow });
        expect(slipped.status).toBe(400);
        expect(slipped.json.code).toBe('AUTH_INVALID_CODE');
      }
      const done = await shared('POST', '/auth/register/verify-otp', { email, code: victimCode, ...flow });
      expect(done.status, done.text).toBe(200);
      const me = await shared('GET', '/auth/me', undefined, bearer(done.json.access_token));
      expect(me.json).toMatchObject({ first_name: 'Vic' });
      expect((await shared('POST', '/auth/login', { email, password: 'attacker password 1' })).status).toBe(401);
      expect((await shared('POST', '/auth/login', { email, password: 'attacker password 2' })).status).toBe(401);
      expect((await shared('POST', '/auth/login', { email, password: 'victim password 1' })).status).toBe(200);
    });

    it('item 2: each code finishes the request it was mailed for, even the earlier one after a later request', async () => {
      const first = fresh();
      const email = freshAddress('twice');
      const passwordless = await (async () => {
        const before = sink.mails().length;
        await first('POST', '/auth/register/send-otp', {
          first_name: 'Una',
          last_name: 'A',
          email,
          date_of_birth: DOB,
        });
        return mailedCode(email, before);
      })();
      await pastCooldown(email, 'register');
      await registerWithPassword(fresh(), email, 'someone elses password');
      const done = await first('POST', '/auth/register/verify-otp', { email, code: passwordless });
      expect(done.status).toBe(200);
      const me = await first('GET', '/auth/me', undefined, bearer(done.json.access_token));
      expect(me.json).toMatchObject({ first_name: 'Una', has_password: false });
    });

    it('item 2: DELETE /me/password removes only the caller’s password and revokes its other sessions', async () => {
      const owner = fresh();
      const email = freshAddress('pwowner');
      const code = await registerWithPassword(owner, email, 'owner password 1');
      const token = (await owner('POST', '/auth/register/verify-otp', { email, code })).json.access_token;
      const otherSession = (await owner('POST', '/auth/login', { email, password: 'owner password 1' })).json
        .access_token;

      expect((await owner('DELETE', '/me/password')).status).toBe(401);
      // Another user (and an admin) removing "their" password touches only their own account.
      const otherEmail = freshAddress('pwother');
      const otherCode = await registerWithPassword(fresh(), otherEmail, 'other password 1');
      const other = (await owner('POST', '/auth/register/verify-otp', { email: otherEmail, code: otherCode })).json
        .access_token;
      const removedOther = await owner('DELETE', '/me/password', undefined, bearer(other));
      expect(removedOther.json).toMatchObject({ email: otherEmail, has_password: false });
      const admin = await account(fresh(), freshAddress('admin'));
      const adminId = (await owner('GET', '/auth/me', undefined, bearer(admin))).json.id;
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, adminId));
      expect((await owner('DELETE', '/me/password', undefined, bearer(admin))).json.is_admin).toBe(true);
      expect((await owner('POST', '/auth/login', { email, password: 'owner password 1' })).status).toBe(200);

      const removed = await owner('DELETE', '/me/password', undefined, bearer(token));
      expect(removed.status).toBe(200);
      expect(removed.json).toMatchObject({ email, has_password: false });
      expect((await owner('GET', '/auth/me', undefined, bearer(token))).json.has_password).toBe(false);
      expect((await owner('GET', '/auth/me', undefined, bearer(otherSession))).status).toBe(401);
      const login = await owner('POST', '/auth/login', { email, password: 'owner password 1' });
      expect(login.status).toBe(401);
      expect(login.json.detail).toBe(ACCOUNT_MESSAGES.invalidCredentials);
    });

    it("item 3: a stranger's registrations do not use up the owner's sign-in codes", async () => {
      const owner = fresh();
      const email = freshAddress('capsapart');
      await account(owner, email);
      const stranger = fresh();
      for (let i = 0; i < 5; i++) {
        await pastCooldown(email, 'register');
        await stranger('POST', '/auth/register/send-otp', {
          first_name: 'S',
          last_name: 'T',
          email,
          date_of_birth: DOB,
        });
      }
      const code = await loginCode(owner, email);
      expect((await owner('POST', '/auth/login/verify-otp', { email, code })).status).toBe(200);
    });

    it("item 3: parallel wrong guesses from many IPs never burn the owner's code; strangers' guesses are counted across codes", async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const owner = fresh();
        const email = freshAddress(`guess${round}`);
        await account(owner, email);
        const code = await loginCode(owner, email);
        const answers = await Promise.all(
          Array.from({ length: PARALLEL }, () =>
            fresh()('POST', '/auth/login/verify-otp', { email, code: wrongFor(code) }),
          ),
        );
        expect(answers.every((a) => a.status === 400)).toBe(true);
        const [row] = await db()
          .select()
          .from(otpChallenges)
          .where(and(eq(otpChallenges.email, email), eq(otpChallenges.purpose, 'login')));
        // Exactly the stranger budget was spent, however many tried at once; then strangers are refused …
        expect(row!.attempts).toBe(5);
        expect((await fresh()('POST', '/auth/login/verify-otp', { email, code })).status).toBe(400);
        // … while the owner's code, from the owner, still works.
        expect((await owner('POST', '/auth/login/verify-otp', { email, code })).status).toBe(200);
      }
    });

    it('item 3: a stranger requesting codes for the address neither kills the owner code nor blocks the owner for long', async () => {
      const owner = fresh();
      const email = freshAddress('spam');
      await account(owner, email);
      const code = await loginCode(owner, email);
      const stranger = fresh();
      let last = await stranger('POST', '/auth/login/send-otp', { email });
      for (let i = 0; i < 4 && last.status !== 429; i++) {
        await pastCooldown(email, 'login');
        last = await stranger('POST', '/auth/login/send-otp', { email });
      }
      expect(last.status).toBe(429);
      expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(600);
      // Wrong guesses from the stranger's own IP count on the stranger's code only.
      for (let i = 0; i < 6; i++) await stranger('POST', '/auth/login/verify-otp', { email, code: wrongFor(code) });
      expect((await owner('POST', '/auth/login/verify-otp', { email, code })).status).toBe(200);
    });

    it('item 3: wrong codes are capped per IP over all addresses', async () => {
      const guesser = fresh();
      const answers = [];
      for (let i = 0; i < 31; i++)
        answers.push(
          await guesser('POST', '/auth/login/verify-otp', { email: freshAddress('nobody'), code: '123456' }),
        );
      expect(answers.slice(0, 30).every((a) => a.status === 400)).toBe(true);
      expect(answers[30]!.status).toBe(429);
      expect(answers[30]!.json.code).toBe('AUTH_TOO_MANY_ATTEMPTS');
    });

    it('issue 38 item 4: 40 wrong codes sent at once from one IP: at most 30 are judged, the rest refused', async () => {
      const guesser = fresh();
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          guesser('POST', '/auth/login/verify-otp', { email: freshAddress(`burst${i}`), code: '123456' }),
        ),
      );
      const judged = answers.filter((a) => a.status === 400);
      const refused = answers.filter((a) => a.status === 429);
      expect(judged.every((a) => a.json.code === 'AUTH_INVALID_CODE')).toBe(true);
      expect(refused.every((a) => a.json.code === 'AUTH_TOO_MANY_ATTEMPTS')).toBe(true);
      expect(judged.length + refused.length).toBe(40);
      expect(judged.length).toBeLessThanOrEqual(30);
      expect(refused.length).toBeGreaterThanOrEqual(10);
      // A right code is not a wrong one: it gives its count back, so the owner of a code can still sign in
      // from an address that is one short of the cap.
      const owner = fresh();
      const email = freshAddress('owner');
      await account(owner, email);
      for (let i = 0; i < 29; i++)
        await owner('POST', '/auth/login/verify-otp', { email: freshAddress('x'), code: '123456' });
      for (let round = 0; round < 3; round++) {
        await pastCooldown(email, 'login');
        const code = await loginCode(owner, email);
        expect((await owner('POST', '/auth/login/verify-otp', { email, code })).status).toBe(200);
      }
      expect((await owner('POST', '/auth/login/verify-otp', { email: freshAddress('y'), code: '123456' })).status).toBe(
        400,
      );
      expect((await owner('POST', '/auth/login/verify-otp', { email: freshAddress('z'), code: '123456' })).status).toBe(
        429,
      );
    });

    it(`item 3+4: ${PARALLEL} parallel sends for one address get exactly one code past the cooldown, and only it is hashed`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        for (const route of ['/auth/login/send-otp', '/auth/register'] as const) {
          const email = freshAddress(`burst${round}`);
          if (route === '/auth/login/send-otp') await account(fresh(), email);
          const before = sink.mails().length;
          const body =
            route === '/auth/register'
              ? { first_name: 'B', last_name: 'R', email, date_of_birth: DOB, password: 'burst password 1' }
              : { email };
          const answers = await Promise.all(Array.from({ length: PARALLEL }, () => fresh()('POST', route, body)));
          const statuses = answers.map((a) => a.status).sort();
          // No 503: the 29 losers were refused before any hashing, so the hash slots were never full.
          expect(statuses.filter((s) => s === 200)).toHaveLength(1);
          expect(statuses.filter((s) => s === 429)).toHaveLength(PARALLEL - 1);
          await sink.waitForMail({ to: email, after: before });
          await new Promise((r) => setTimeout(r, 200));
          expect(
            sink
              .mails()
              .slice(before)
              .filter((m) => m.to.includes(email)),
          ).toHaveLength(1);
          const purpose = route === '/auth/register' ? 'register' : 'login';
          const [row] = await db()
            .select()
            .from(otpChallenges)
            .where(and(eq(otpChallenges.email, email), eq(otpChallenges.purpose, purpose)));
          expect(row!.codes).toHaveLength(1);
        }
      }
    });

    it('item 4: password sign-in is capped per IP before hashing, and hashing work is bounded globally', async () => {
      const flooder = fresh();
      const single = await Promise.all(
        Array.from({ length: 40 }, () =>
          flooder('POST', '/auth/login', { email: freshAddress('unknown'), password: 'some password 1' }),
        ),
      );
      expect(single.filter((a) => a.status === 429)).toHaveLength(20);
      expect(single.every((a) => [401, 429, 503].includes(a.status))).toBe(true);

      for (let round = 0; round < ROUNDS; round++) {
        const spread = await Promise.all(
          Array.from({ length: PARALLEL + 10 }, () =>
            fresh()('POST', '/auth/login', { email: freshAddress('unknown'), password: 'some password 1' }),
          ),
        );
        const busy = spread.filter((a) => a.status === 503);
        // At most 2 hashing and 8 waiting: of 40 at once, the rest are told to come back.
        expect(busy.length).toBeGreaterThan(0);
        expect(busy[0]!.json.code).toBe('AUTH_BUSY');
        expect(busy[0]!.headers['retry-after']).toBe('1');
        expect(spread.every((a) => a.status === 401 || a.status === 503)).toBe(true);
      }
    });

    it('item 5: names are one short plain line, at registration and in the profile, and so in the mail', async () => {
      const call = fresh();
      const email = freshAddress('names');
      const base = { first_name: 'Ann', last_name: 'Lee', email, date_of_birth: DOB };
      for (const first_name of [
        'Ann\nYour account is suspended, call +1 555 0100',
        'Ann\r\nBcc: x@example.com',
        'Ann\u2028Line',
        'Ann\u202eevil',
        'Ann\u0007',
        'x'.repeat(51),
      ]) {
        const answer = await call('POST', '/auth/register/send-otp', { ...base, first_name });
        expect(answer.status, JSON.stringify(first_name)).toBe(400);
        expect(answer.json.detail).toBe(ACCOUNT_MESSAGES.invalidFirstName);
      }
      const lastName = await call('POST', '/auth/register', { ...base, last_name: 'L\nee', password: 'a password 12' });
      expect(lastName.json.detail).toBe(ACCOUNT_MESSAGES.invalidLastName);
      expect(await db().select().from(otpChallenges).where(eq(otpChallenges.email, email))).toEqual([]);

      const before = sink.mails().length;
      expect((await call('POST', '/auth/register/send-otp', { ...base, first_name: ' Zoë Ann ' })).status).toBe(200);
      const mail = await sink.waitForMail({ to: email, after: before });
      expect(mail.text).toMatch(/^Hello Zoë Ann, use this code to finish creating your Hound account\./m);
      const token = (await call('POST', '/auth/register/verify-otp', { email, code: codeIn(mail.text) })).json
        .access_token;
      const renamed = await call('PATCH', '/me/profile', { first_name: 'Zoë\nX', last_name: 'Lee' }, bearer(token));
      expect(renamed.status).toBe(400);
      expect(renamed.json.detail).toBe(ACCOUNT_MESSAGES.invalidFirstName);
    });
  });
}
