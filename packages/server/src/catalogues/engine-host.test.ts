import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine } from '@hound/engine';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { startEngineHost } from './engine-host.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-engine-host-'));
const catalogue = path.join(dir, 'sherlock.json');
const CATALOGUE = {
  Alpha: {
    url: 'https://alpha.example/{}',
    urlMain: 'https://alpha.example/',
    errorType: 'status_code',
    username_claimed: 'blue',
  },
};
const log = createLogger('silent');
const create = () => createEngine({ catalogues: [catalogue], dataDir: dir });

async function until(check: () => boolean, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('engine host', () => {
  it('keeps retrying a failed catalogue load in the background until it works', async () => {
    fs.rmSync(catalogue, { force: true });
    const host = startEngineHost({ create, refreshMs: 0, log, retryMinMs: 50, retryMaxMs: 100 });
    try {
      await until(() => host.state().error !== undefined);
      expect(host.state().ready).toBe(false);
      expect(host.current()).toBeUndefined();
      expect(host.lease()).toBeUndefined();
      fs.writeFileSync(catalogue, JSON.stringify(CATALOGUE));
      const engine = await host.whenReady();
      expect(engine.sites.map((s) => s.name)).toEqual(['Alpha']);
      expect(host.state()).toMatchObject({ ready: true, loadedAt: expect.any(String) });
      expect(host.state().error).toBeUndefined();
    } finally {
      await host.close();
    }
  });

  it('swaps in a fresh engine on refresh and closes the old one only after its last search', async () => {
    fs.writeFileSync(catalogue, JSON.stringify(CATALOGUE));
    const host = startEngineHost({ create, refreshMs: 150, log });
    try {
      const first = await host.whenReady();
      const lease = host.lease()!;
      expect(lease.engine).toBe(first);
      await until(() => host.current() !== first);
      // Still leased: the old engine keeps working for the search that holds it.
      expect(() => first.searchUsername('blue', { sites: ['Alpha'], signal: AbortSignal.abort() })).not.toThrow();
      lease.release();
      await until(() => {
        try {
          first.searchUsername('blue');
          return false;
        } catch {
          return true;
        }
      });
    } finally {
      await host.close();
    }
  });
});
