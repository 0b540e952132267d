/**
 * The API waitlist becomes "API access" (issue 40 item 5): an admin mails every waitlisted address once,
 * in the language of the page it was left on, through the mail outbox; nobody else may — on both stacks.
 */
import { type SmtpSink, startSmtpSink } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAudit, waitlist } from '../src/db/schema/index.ts';
import { createTestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

for (const mode of MODES) {
  describe.skipIf(mode.skip)(`API waitlist mail (${mode.name})`, () => {
    let internet: TestInternet;
    let sink: SmtpSink;
    let stack: Stack;
    let call: Call;

    beforeAll(async () => {
      internet = await startTestInternet({ sites: 2 });
      sink = await startSmtpSink();
      stack = await startStack(mode, { createEngine: internet.createEngine(), env: { SMTP_URL: sink.url } });
      await stack.app.listen({ port: 0, host: '127.0.0.1' });
      call = socketClient(`http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`);
    });
    afterAll(async () => {
      await stack?.close();
      await sink?.close();
      await internet?.close();
    });

    it('mails each waitlisted address once, in its language; only admins may', async () => {
      const stamp = Date.now();
      const english = `wait.en.${stamp}@example.com`;
      const turkish = `wait.tr.${stamp}@example.com`;
      expect((await call('POST', '/api/subscribe', { email: english })).json.status).toBe('success');
      await call('POST', '/api/subscribe', { email: turkish }, { 'accept-language': 'tr-TR,tr;q=0.9' });
      const user = await createTestUser(stack.services.db.db);
      const admin = await createTestUser(stack.services.db.db, { isAdmin: true });
      expect((await call('POST', '/admin/waitlist/notify')).status).toBe(401);
      expect((await call('POST', '/admin/waitlist/notify', undefined, user.headers)).status).toBe(403);
      const before = (await call('GET', '/admin/waitlist', undefined, admin.headers)).json;
      expect(before.waiting).toBeGreaterThanOrEqual(2);
      // Two admins' clicks at once: each address is mailed once.
      const clicks = await Promise.all([
        call('POST', '/admin/waitlist/notify', undefined, admin.headers),
        call('POST', '/admin/waitlist/notify', undefined, admin.headers),
      ]);
      expect(clicks.map((c) => c.json.mailed).reduce((a, b) => a + b, 0)).toBe(before.waiting);
      const en = await sink.waitForMail({ to: english });
      const tr = await sink.waitForMail({ to: turkish });
      expect(en.subject).toBe('The Hound API is open');
      expect(tr.subject).toBe('Hound API’si açıldı');
      expect(en.text).toContain('/api-access');
      expect((await call('POST', '/admin/waitlist/notify', undefined, admin.headers)).json.mailed).toBe(0);
      expect(sink.mails().filter((m) => m.to.includes(english) || m.to.includes(turkish))).toHaveLength(2);
      const after = (await call('GET', '/admin/waitlist', undefined, admin.headers)).json;
      expect(after.waiting).toBe(0);
      expect(after.items.find((i: { email: string }) => i.email === turkish).notified_at).not.toBeNull();
      const rows = await stack.services.db.db.select().from(waitlist).where(eq(waitlist.email, turkish));
      expect(rows[0]!.language).toBe('tr');
      const audit = await stack.services.db.db
        .select()
        .from(adminAudit)
        .where(eq(adminAudit.action, 'waitlist.notify'));
      expect(audit).toHaveLength(3);
    });
  });
}
