import type { CatalogueFormat, SiteCheck } from '../model.ts';
import { placeInUrl } from '../username/place-url.ts';
import { detectCatalogueFormat } from './detect-format.ts';
import { CatalogueError } from './errors.ts';
import { loadHound } from './load-hound.ts';
import { loadMaigret } from './load-maigret.ts';
import { loadSherlock } from './load-sherlock.ts';
import { loadWhatsMyName } from './load-whatsmyname.ts';

const LOADERS: Record<CatalogueFormat, (data: unknown, source?: string) => SiteCheck[]> = {
  sherlock: loadSherlock,
  whatsmyname: loadWhatsMyName,
  maigret: loadMaigret,
  hound: loadHound,
};

export interface LoadCatalogueOptions {
  /** Expected format; detected from the content when omitted. A mismatch is an error. */
  format?: CatalogueFormat;
  /** Recorded on every check as `source` (a URL or path). */
  source?: string;
}

/** Parses catalogue text as JSON. @throws CatalogueError `invalid_json` */
export function parseCatalogueText(text: string, source = 'catalogue'): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CatalogueError('invalid_json', `${source} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/**
 * Loads a catalogue in any supported format (JSON text or parsed data) into checks. Every entry yields a
 * check: usable, disabled, or `unsupported` with the reason.
 * @throws CatalogueError `invalid_json`, `unknown_catalogue_format`, `format_mismatch`, `invalid_catalogue`
 */
export function loadCatalogue(input: unknown, options: LoadCatalogueOptions = {}): SiteCheck[] {
  const label = options.source ?? 'catalogue';
  const data = typeof input === 'string' ? parseCatalogueText(input, label) : input;
  const detected = detectCatalogueFormat(data);
  if (detected === undefined) {
    throw new CatalogueError(
      'unknown_catalogue_format',
      `${label} is not a Sherlock, WhatsMyName, Maigret or Hound catalogue.`,
    );
  }
  if (options.format !== undefined && options.format !== detected) {
    throw new CatalogueError('format_mismatch', `${label} is a ${detected} catalogue, expected ${options.format}.`);
  }
  return LOADERS[detected](data, options.source).map(checkTemplates);
}

/**
 * A usable check's URL templates must accept a plain username; one that cannot (placeholder in userinfo
 * or port, unparsable URL) is kept as unsupported rather than failing at search time.
 */
function checkTemplates(check: SiteCheck): SiteCheck {
  if (check.unsupported) return check;
  for (const template of [check.request.url, check.profileUrl]) {
    const placed = placeInUrl(template, 'hound');
    if (!placed.ok) {
      return {
        ...check,
        unsupported: { reason: 'unsupported_check', detail: `unusable URL template: ${placed.detail}` },
      };
    }
  }
  return check;
}
