/** Test helpers shared by the engine's integration tests (all traffic goes to @hound/testkit). */
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Internet } from '@hound/testkit';
import { loadCatalogue } from '../catalogue/load-catalogue.ts';
import { createEngine, type EngineOptions, type HoundEngine } from '../engine.ts';
import type { SearchOptions, SiteCheck, SiteResult } from '../model.ts';
import { FIXTURE_CATALOGUES } from './fixture-catalogues.ts';

export function fixtureChecks(): SiteCheck[] {
  return FIXTURE_CATALOGUES.flatMap(({ format, data }) => loadCatalogue(JSON.stringify(data), { format }));
}

export async function tempDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), 'hound-engine-test-'));
}

/** An engine on the fixture catalogues whose every connection goes to the testkit. */
export async function fixtureEngine(internet: Internet, options: EngineOptions = {}): Promise<HoundEngine> {
  return createEngine({
    checks: fixtureChecks(),
    connect: internet.connect,
    allowPrivateAddresses: true,
    dataDir: await tempDir(),
    ...options,
  });
}

export async function collect(
  engine: HoundEngine,
  username: string,
  options: SearchOptions = {},
): Promise<SiteResult[]> {
  const results: SiteResult[] = [];
  for await (const { result } of engine.searchUsername(username, options)) results.push(result);
  return results;
}

/** One result by site name (case-insensitive). */
export function byName(results: SiteResult[], name: string): SiteResult {
  const result = results.find((r) => r.name.toLowerCase() === name.toLowerCase());
  if (!result) throw new Error(`no result for ${name} among ${results.map((r) => r.name).join(', ')}`);
  return result;
}
