import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** What is stored next to a cached download. */
export interface CacheMeta {
  url: string;
  fetchedAt: string;
  sha256: string;
  bytes: number;
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** File-name-safe cache key: a readable name plus a hash of the primary URL. */
export function cacheKey(name: string, url: string): string {
  const readable = name
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .slice(0, 40);
  return `${readable}-${sha256(url).slice(0, 10)}`;
}

/** A cached entry whose content still matches its recorded hash; undefined when absent or damaged. */
export async function readCache(dir: string, key: string): Promise<{ text: string; meta: CacheMeta } | undefined> {
  try {
    const meta = JSON.parse(await readFile(join(dir, `${key}.meta.json`), 'utf8')) as CacheMeta;
    const text = await readFile(join(dir, `${key}.data`), 'utf8');
    if (typeof meta.fetchedAt !== 'string' || sha256(text) !== meta.sha256) return undefined;
    return { text, meta };
  } catch {
    return undefined;
  }
}

async function writeAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, 'utf8');
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/**
 * Stores a download: content first, then the meta that vouches for it, each via temp file + rename, so
 * a reader never sees a half-written file and a crash in between leaves a hash mismatch (= no cache).
 */
export async function writeCache(dir: string, key: string, text: string, url: string, now: Date): Promise<CacheMeta> {
  await mkdir(dir, { recursive: true });
  const meta: CacheMeta = { url, fetchedAt: now.toISOString(), sha256: sha256(text), bytes: Buffer.byteLength(text) };
  await writeAtomic(join(dir, `${key}.data`), text);
  await writeAtomic(join(dir, `${key}.meta.json`), `${JSON.stringify(meta, null, 2)}\n`);
  return meta;
}
