/**
 * `hound NAME --server URL` with HOUND_API_KEY (issue 40 item 6): the compiled `hound` command searches on
 * a running Hound server through /api/v1 instead of locally, prints what it finds, writes the server's
 * answers with --json, and says why when the key is missing, revoked or the flags are local-only.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from './support/accounts.ts';
import { type Call, socketClient } from './support/http-client.ts';
import { startTestInternet, type TestInternet } from './support/internet.ts';
import { MODES, type Stack, startStack } from './support/stacks.ts';

const HOUND = fileURLToPath(new URL('../../engine/dist/cli/main.js', import.meta.url));

function hound(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=hound-compiled', HOUND, ...args],
      { env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('hound --server', () => {
  let internet: TestInternet;
  let stack: Stack;
  let base: string;
  let call: Call;
  let user: TestUser;
  let key: { id: string; key: string };

  beforeAll(async () => {
    internet = await startTestInternet({ sites: 4 });
    stack = await startStack(MODES[0]!, { createEngine: internet.createEngine() });
    await stack.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(stack.app.server.address() as { port: number }).port}`;
    call = socketClient(base);
    user = await createTestUser(stack.services.db.db, { plan: 'premium' });
    key = (await call('POST', '/me/api-keys', { name: 'cli', scopes: ['search:username'] }, user.headers)).json;
  });
  afterAll(async () => {
    await stack?.close();
    await internet?.close();
  });

  it('searches on the server and prints the found profiles; --json keeps the server’s answers', async () => {
    const json = path.join(internet.dir, 'remote.json');
    const run = await hound(['blue', '--server', base, '--json', json], { HOUND_API_KEY: key.key });
    expect(run.stderr).toContain(`Searching blue on ${base}`);
    expect(run.code).toBe(0);
    const found = run.stdout.trim().split('\n');
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((line) => /^\[\+\] Site\d\d: https:\/\/site\d\d\.example\//.test(line))).toBe(true);
    const written = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(written).toMatchObject({ format: 'hound-server/1', server: base });
    expect(written.searches[0]).toMatchObject({ complete: true, status: 'completed', username: 'blue' });
    expect(
      Object.values(written.searches[0].result.results).filter((r) => (r as { found: boolean }).found),
    ).toHaveLength(found.length);
    // The search is the key's, on the server.
    const mine = await call('GET', '/api/v1/searches', undefined, { authorization: `Bearer ${key.key}` });
    expect(mine.json.items[0]).toMatchObject({ username: 'blue', api_key_id: key.id });
  });

  it('says what is wrong: no key (2), local-only flags (2), a revoked key (1)', async () => {
    const none = await hound(['blue', '--server', base], {});
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('HOUND_API_KEY');
    const local = await hound(['blue', '--server', base, '--proxy', 'http://127.0.0.1:1'], { HOUND_API_KEY: key.key });
    expect(local.code).toBe(2);
    expect(local.stderr).toContain('--proxy does not apply with --server');
    const email = await hound(['email', 'a@example.com', '--server', base], { HOUND_API_KEY: key.key });
    expect(email.code).toBe(2);
    const other = (await call('POST', '/me/api-keys', { name: 'gone', scopes: ['search:username'] }, user.headers))
      .json;
    await call('DELETE', `/me/api-keys/${other.id}`, undefined, user.headers);
    const revoked = await hound(['blue', '--server', base], { HOUND_API_KEY: other.key });
    expect(revoked.code).toBe(1);
    expect(revoked.stderr).toContain('401 API_KEY_INVALID');
  });
});
