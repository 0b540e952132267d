/**
 * An email watch (issue 39): the address's checks diff like a username's sites — a baseline, a new
 * registration confirmed with a never-registered address at the same domain — and its breaches as a set of
 * names: a new breach is told at once, with its name only. No credit is spent on a watch's runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { serveEmailChecks } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devMail, users, watchEvents, watches } from '../src/db/schema/index.ts';
import type { WatchDeps } from '../src/features/watches/watch-deps.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { SHIPPED_EMAIL_CHECKS } from './support/email-checks.ts';
import { injectClient, waitFor } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';
import { DAY, MINUTE, passUntilSettled, TestClock, watchDepsOf } from './support/watch-driver.ts';

const TARGET = 'watched@example.com';
const quiet = SHIPPED_EMAIL_CHECKS.filter((c) => !c.loud && !c.adult && c.needs === undefined).slice(0, 4);
const hibp = SHIPPED_EMAIL_CHECKS.find((c) => c.id === 'hibp')!;
const breach = (name: string, date: string) => ({
  Name: name,
  Title: name,
  BreachDate: date,
  DataClasses: ['Passwords'],
});

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`an email watch (${mode.name})`, () => {
    let net: TestInternet;
    let stack: Stack;
    let deps: WatchDeps;
    let user: TestUser;
    let sites: ReturnType<typeof serveEmailChecks>;
    let breaches = [breach('Adobe', '2013-10-04')];
    const clock = new TestClock(new Date('2026-07-06T03:00:00Z'));

    beforeAll(async () => {
      net = await startTestInternet({ sites: 2 });
      const file = path.join(net.dir, 'watch-email-checks.json');
      fs.writeFileSync(file, JSON.stringify({ format: 'hound-email', version: 1, checks: [...quiet, hibp] }));
      sites = serveEmailChecks(net.internet, [...quiet, hibp]);
      sites.register(TARGET, [quiet[0]!.id]);
      // Have I Been Pwned answers what the test says the address's breaches are now.
      net.internet.route('haveibeenpwned.com', '/api/v3/breachedaccount/*', (request) =>
        request.url.includes(encodeURIComponent(TARGET)) || request.url.includes(TARGET)
          ? { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify(breaches) }
          : { status: 404, body: '' },
      );
      stack = await startStack(mode, {
        createEngine: net.createEngine({ timeoutMs: 10_000, emailCatalogues: [file] }),
        now: clock.now,
        env: { HIBP_API_KEY: 'test-hibp-key-123' },
      });
      deps = watchDepsOf(stack, clock);
      user = await createTestUser(stack.services.db.db, { plan: 'premium', credits: 0 });
    }, 120_000);
    afterAll(async () => {
      await stack?.close();
      await net?.close();
    });

    const types = async (id: string) =>
      (await stack.services.db.db.select().from(watchEvents).where(eq(watchEvents.watchId, id)))
        .map(
          (e) =>
            `${e.type}${e.site ? `:${e.site}` : ''}${e.type === 'new_breach' ? `:${String(e.detail.breach)}` : ''}`,
        )
        .sort();

    it('baselines silently, then tells a new registration (confirmed) and a new breach, by name only', async () => {
      const made = await injectClient(stack.app)(
        'POST',
        '/api/watches',
        { kind: 'email', target: TARGET, cadence: 'weekly', purpose: 'Our shared support mailbox.' },
        user.headers,
      );
      expect(made.status, made.text).toBe(201);
      const id = made.json.id;
      await passUntilSettled(deps);
      expect(await types(id)).toEqual(['baseline']);
      const [row] = await stack.services.db.db.select().from(watches).where(eq(watches.id, id));
      expect(row?.breaches).toEqual(['Adobe']);

      sites.register(TARGET, [quiet[1]!.id]);
      breaches = [...breaches, breach('LinkedIn', '2016-05-18')];
      clock.advance(7 * DAY);
      await passUntilSettled(deps);
      expect(await types(id)).toEqual(['baseline', 'new_breach:hibp:LinkedIn']);
      clock.advance(3 * MINUTE);
      await passUntilSettled(deps);
      expect(await types(id)).toEqual([`appeared:${quiet[1]!.id}`, 'baseline', 'new_breach:hibp:LinkedIn']);

      const mails = await waitFor(async () => {
        const rows = await stack.services.db.db.select().from(devMail).where(eq(devMail.to, user.email));
        return rows.length >= 2 ? rows : undefined;
      });
      const breachMail = mails.find((m) => m.subject.includes('breach'))!;
      expect(breachMail.text).toContain('New breach: LinkedIn');
      expect(breachMail.text).not.toContain('Passwords');
      expect(breachMail.text).not.toContain('2016-05-18');
      // Watches are slots, not per-run charges.
      const [owner] = await stack.services.db.db.select().from(users).where(eq(users.id, user.id));
      expect(owner?.emailSearchCredits).toBe(0);
    }, 120_000);
  });
}
