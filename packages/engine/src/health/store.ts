import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { SiteHealth } from '../model.ts';

interface HealthFile {
  version: 1;
  updatedAt: string;
  sites: SiteHealth[];
}

/** Reads `<dataDir>/health.json`; a missing or unreadable file means "never tested" (empty). */
export async function readHealth(file: string): Promise<SiteHealth[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return [];
  }
  try {
    const parsed = JSON.parse(text) as Partial<HealthFile>;
    if (parsed.version !== 1 || !Array.isArray(parsed.sites)) return [];
    return parsed.sites.filter(
      (s): s is SiteHealth =>
        typeof s === 'object' && s !== null && typeof s.siteId === 'string' && typeof s.reliable === 'boolean',
    );
  } catch {
    return [];
  }
}

/** Writes the health file atomically (temp file + rename), so a crash never leaves half a file. */
export async function writeHealth(file: string, sites: SiteHealth[], now = new Date()): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const body: HealthFile = { version: 1, updatedAt: now.toISOString(), sites };
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, `${JSON.stringify(body, null, 1)}\n`, 'utf8');
  await rename(temp, file);
}
