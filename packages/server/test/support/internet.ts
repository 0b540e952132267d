/**
 * The simulated internet for end-to-end suites: @hound/testkit serving a small inline Sherlock-format
 * catalogue (written to a temp file, as HOUND_CATALOGUES would name it), and the real engine pointed at it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createEngine, type EngineOptions } from '@hound/engine';
import { type Internet, startInternet } from '@hound/testkit';

export interface TestInternet {
  internet: Internet;
  catalogueFile: string;
  dir: string;
  /** Engine factory for a stack: the real engine, dialling every host through the testkit. */
  createEngine(options?: Partial<EngineOptions>): () => ReturnType<typeof createEngine>;
  close(): Promise<void>;
}

/** `count` fake sites `site00.example` …; `blue` exists on every third one. */
export function sherlockCatalogue(count: number): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const n = String(i).padStart(2, '0');
    data[`Site${n}`] =
      i % 2 === 0
        ? {
            url: `https://site${n}.example/{}`,
            urlMain: `https://site${n}.example/`,
            errorType: 'status_code',
            username_claimed: 'blue',
          }
        : {
            url: `https://site${n}.example/user/{}`,
            urlMain: `https://site${n}.example/`,
            errorType: 'message',
            errorMsg: 'No such user',
            username_claimed: 'blue',
          };
  }
  return data;
}

export async function startTestInternet(
  options: { sites?: number; latency?: { medianMs: number; p99Ms: number } } = {},
): Promise<TestInternet> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-internet-'));
  const data = sherlockCatalogue(options.sites ?? 12);
  const catalogueFile = path.join(dir, 'sherlock.json');
  fs.writeFileSync(catalogueFile, JSON.stringify(data));
  const internet = await startInternet({
    catalogues: [{ format: 'sherlock', data }],
    dir,
    ...(options.latency ? { latency: options.latency } : {}),
  });
  return {
    internet,
    catalogueFile,
    dir,
    createEngine:
      (extra = {}) =>
      () =>
        createEngine({
          catalogues: [catalogueFile],
          dataDir: path.join(dir, 'engine'),
          connect: internet.connect,
          allowPrivateAddresses: true,
          ...extra,
        }),
    async close() {
      await internet.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
