import { describe, expect, it } from 'vitest';
import { startInternet } from '../src/index.ts';

describe('startInternet input validation', () => {
  it.each([
    [{ seed: 1.5 }, 'seed'],
    [{ hangShare: 2 }, 'hangShare'],
    [{ wafShare: -0.1 }, 'wafShare'],
    [{ namelessShare: 1.5 }, 'namelessShare'],
    [{ port: 70000 }, 'port'],
    [{ latency: { medianMs: 50, p99Ms: 10 } }, 'latency'],
    [{ logLimit: 0 }, 'logLimit'],
  ])('%j is refused with INVALID_OPTION', async (options, word) => {
    await expect(startInternet(options)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: expect.stringContaining(word),
    });
  });

  it('a bad catalogue is refused before anything listens', async () => {
    await expect(startInternet({ catalogues: [{ format: 'maigret', data: { sites: [] } }] })).rejects.toMatchObject({
      code: 'CATALOGUE_INVALID',
    });
  });

  it('starts empty and closes twice without error', async () => {
    const internet = await startInternet();
    expect(internet.siteCount).toBe(0);
    expect(internet.hosts()).toEqual([]);
    await internet.close();
    await internet.close();
  });
});
