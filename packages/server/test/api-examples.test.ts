/**
 * The API page's examples (curl, JavaScript, Python: `API_EXAMPLES` in @hound/contracts, shown as they
 * are by the web app) run as they are against a test server with a real key, and do what they say: the
 * username search's found profiles, the email search's accounts, one credit each.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { API_EXAMPLES } from '@hound/contracts';
import { serveEmailChecks } from '@hound/testkit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger } from '../src/db/schema/index.ts';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { fewEmailChecks } from './support/email-checks.ts';
import { socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      { env: { PATH: process.env.PATH ?? '', ...env }, timeout: 90_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('the API page’s examples', () => {
  let internet: TestInternet;
  let stack: Stack;
  let env: Record<string, string>;
  let user: TestUser;

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 4 });
    const few = fewEmailChecks(internet.dir, 3);
    serveEmailChecks(internet.internet, few.checks).register('someone@example.com');
    stack = await startStack(MODES[0]!, { createEngine: internet.createEngine({ emailCatalogues: [few.file] }) });
    await stack.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`;
    user = await createTestUser(stack.services.db.db, { plan: 'premium', credits: 5 });
    const created = await socketClient(base)(
      'POST',
      '/me/api-keys',
      { name: 'examples', scopes: ['search:username', 'search:email'] },
      user.headers,
    );
    env = { HOUND_URL: base, HOUND_API_KEY: created.json.key };
  });
  afterAll(async () => {
    await stack?.close();
    await internet?.close();
  });

  const spent = async () =>
    (await stack.services.db.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id))).length;

  it('curl', async () => {
    const before = await spent();
    const result = await run('bash', ['-c', API_EXAMPLES.curl], env);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toContain('"complete":true');
    expect(result.out).toContain('"status":"completed"');
    expect(result.out).toMatch(/"search_id":"[^"]+","status":"running"/);
    expect(await spent()).toBe(before + 1);
  });

  it('JavaScript (Node)', async () => {
    const file = path.join(internet.dir, 'search.mjs');
    fs.writeFileSync(file, API_EXAMPLES.javascript);
    const before = await spent();
    const result = await run(process.execPath, [file], env);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/^found Site\d\d https:\/\/site\d\d\.example\//m);
    expect(result.out.match(/^registered /gm)).toHaveLength(3);
    expect(result.out).toMatch(/^credits left \d+$/m);
    expect(await spent()).toBe(before + 1);
  });

  it('Python', async () => {
    const file = path.join(internet.dir, 'search.py');
    fs.writeFileSync(file, API_EXAMPLES.python);
    const before = await spent();
    const result = await run('python3', [file], env);
    expect(result.code, result.out).toBe(0);
    expect(result.out).toMatch(/^found Site\d\d https:\/\/site\d\d\.example\//m);
    expect(result.out.match(/^registered /gm)).toHaveLength(3);
    expect(await spent()).toBe(before + 1);
  });
});
