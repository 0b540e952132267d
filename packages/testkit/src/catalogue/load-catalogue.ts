import { readFile } from 'node:fs/promises';
import { TestkitError } from '../errors.ts';
import type { CatalogueFormat, CatalogueSource } from '../types.ts';
import { isRecord, type LoadedCatalogue } from './loaded.ts';
import { loadMaigret } from './maigret.ts';
import { loadSherlock } from './sherlock.ts';
import { loadWhatsMyName } from './whatsmyname.ts';

/** Recognises a catalogue by its shape: Maigret {sites:{}, engines}, WhatsMyName {sites:[]}, Sherlock {name: {url, errorType}}. */
export function detectFormat(data: unknown): CatalogueFormat | undefined {
  if (!isRecord(data)) return undefined;
  if (isRecord(data.sites) && (isRecord(data.engines) || Array.isArray(data.tags))) return 'maigret';
  if (Array.isArray(data.sites)) return 'whatsmyname';
  const sites = Object.entries(data).filter(([k]) => k !== '$schema');
  if (sites.length > 0 && sites.some(([, v]) => isRecord(v) && typeof v.url === 'string' && 'errorType' in v)) {
    return 'sherlock';
  }
  return undefined;
}

const LOADERS: Record<CatalogueFormat, (data: unknown) => LoadedCatalogue> = {
  sherlock: loadSherlock,
  whatsmyname: loadWhatsMyName,
  maigret: loadMaigret,
};

export async function loadCatalogue(source: CatalogueSource): Promise<LoadedCatalogue> {
  if ('format' in source) {
    if (!(source.format in LOADERS))
      throw new TestkitError('CATALOGUE_FORMAT_UNKNOWN', `unknown format ${source.format}`);
    return LOADERS[source.format](source.data);
  }
  let text: string;
  try {
    text = await readFile(source.path, 'utf8');
  } catch (error) {
    throw new TestkitError('CATALOGUE_UNREADABLE', `cannot read ${source.path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new TestkitError('CATALOGUE_INVALID', `${source.path} is not JSON: ${(error as Error).message}`);
  }
  const format = detectFormat(data);
  if (!format) {
    throw new TestkitError(
      'CATALOGUE_FORMAT_UNKNOWN',
      `${source.path} is not a Sherlock, WhatsMyName or Maigret catalogue`,
    );
  }
  return LOADERS[format](data);
}
