import { parseArgs } from 'node:util';
import { FOLLOW_LIMITS } from '@hound/contracts';
import type { FactsMode } from '../model.ts';

/** A command line that cannot be run as given. The message says what to fix. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

const OPTIONS = {
  json: { type: 'string' },
  csv: { type: 'string' },
  /** `hound NAME --compare last.json`: what changed since an earlier export (watch rules). */
  compare: { type: 'string' },
  /** `hound email --usernames`. */
  usernames: { type: 'boolean' },
  site: { type: 'string', multiple: true },
  category: { type: 'string', multiple: true },
  nsfw: { type: 'boolean' },
  'print-all': { type: 'boolean' },
  'include-unreliable': { type: 'boolean' },
  recursive: { type: 'boolean' },
  depth: { type: 'string' },
  facts: { type: 'string' },
  timeout: { type: 'string' },
  proxy: { type: 'string' },
  ca: { type: 'string' },
  'allow-private-addresses': { type: 'boolean' },
  'user-agent': { type: 'string' },
  catalogue: { type: 'string', multiple: true },
  'email-catalogue': { type: 'string', multiple: true },
  loud: { type: 'boolean' },
  adult: { type: 'boolean' },
  list: { type: 'boolean' },
  'data-dir': { type: 'string' },
  'no-color': { type: 'boolean' },
  /** `hound NAME --server URL`: search on a Hound server with HOUND_API_KEY (remote-search.ts). */
  server: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'V' },
} as const;

/** The username-search options: a username search's own, or those `hound email` gives the usernames it searches. */
export interface UsernameScope {
  sites?: string[];
  categories?: string[];
  nsfw: boolean;
  includeUnreliable: boolean;
  /** `--facts page|fetch|off`: profile facts from what the check read, plus a profile GET, or none. */
  facts: FactsMode;
}

export interface CommonArgs {
  proxy?: string;
  ca?: string;
  userAgent?: string;
  catalogues?: string[];
  dataDir?: string;
  timeoutMs?: number;
  /** `--allow-private-addresses` (HOUND_ALLOW_PRIVATE_ADDRESSES=true does the same). */
  allowPrivateAddresses: boolean;
  noColor: boolean;
}

export type Command =
  | { kind: 'help' }
  | { kind: 'version' }
  | {
      kind: 'search';
      usernames: string[];
      json?: string;
      /** `--compare FILE`: an earlier `--json` export to report changes against. */
      compare?: string;
      csv?: string;
      sites?: string[];
      categories?: string[];
      nsfw: boolean;
      printAll: boolean;
      includeUnreliable: boolean;
      /** `--recursive [--depth N]`: follow the usernames and addresses found profiles name (0: not). */
      depth: number;
      /** `--facts page|fetch|off`: profile facts from what the check read, plus a profile GET, or none. */
      facts: FactsMode;
      /** `--server URL`: the searches run on that Hound server (remote-search.ts checks the other flags). */
      server?: string;
      common: CommonArgs;
    }
  | {
      kind: 'email';
      addresses: string[];
      json?: string;
      csv?: string;
      printAll: boolean;
      loud: boolean;
      /** `--adult`: include adult sites' checks (left out by default). */
      adult: boolean;
      /** `hound email --list`: the checks and the catalogue lint's findings, no search. */
      list: boolean;
      emailCatalogues?: string[];
      /**
       * `--usernames`: then a username search for each address's local part and the usernames found
       * answers revealed, scoped by the username-search options given.
       */
      usernames?: UsernameScope;
      /**
       * `--recursive [--depth N]`: those same names become the address's child searches, which follow
       * their own leads to `depth`, scoped by the username-search options given.
       */
      recursive?: { depth: number; scope: UsernameScope };
      common: CommonArgs;
    }
  | {
      kind: 'sites';
      action: 'update' | 'list' | 'stats' | 'selftest';
      categories?: string[];
      nsfw: boolean;
      common: CommonArgs;
    };

const SITES_ACTIONS = ['update', 'list', 'stats', 'selftest'] as const;

function seconds(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed <= 0 || parsed > 600) {
    throw new UsageError(`--timeout takes seconds between 0 and 600, got "${value}"`);
  }
  return Math.max(1, Math.round(parsed * 1000));
}

type Values = Partial<Record<keyof typeof OPTIONS, string | boolean | string[] | undefined>>;

/**
 * `hound email --usernames` or `--recursive`: the scope of the username searches they start, taken out of
 * `values` so the email command's own checks see none of it. Undefined without either flag.
 */
function emailPivotScope(values: Values): UsernameScope | undefined {
  if (!values.usernames && !values.recursive) return undefined;
  const { site, category, nsfw } = values;
  const scope = {
    ...(Array.isArray(site) ? { sites: site } : {}),
    ...(Array.isArray(category) ? { categories: category } : {}),
    nsfw: nsfw === true,
    includeUnreliable: values['include-unreliable'] === true,
    facts: factsMode(values.facts as string | undefined),
  };
  for (const flag of ['site', 'category', 'nsfw', 'include-unreliable', 'catalogue', 'facts'] as const)
    delete values[flag];
  return scope;
}

/**
 * Parses `hound` arguments. `hound sites ACTION` is the sites command, `hound email ADDRESS…` the email
 * search; anything else is a username search. A user literally named "sites" or "email" is searched with
 * `hound -- sites`.
 * @throws UsageError
 */
export function parseCommand(argv: string[]): Command {
  const config = { args: argv, options: OPTIONS, allowPositionals: true, strict: true, tokens: true } as const;
  let parsed: ReturnType<typeof parseArgs<typeof config>>;
  try {
    parsed = parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values, positionals, tokens } = parsed;
  if (values.help) return { kind: 'help' };
  const server = values.server;
  delete values.server;
  if (values.version) return { kind: 'version' };

  const terminator = tokens.findIndex((t) => t.kind === 'option-terminator');
  const firstPositional = tokens.findIndex((t) => t.kind === 'positional');
  const beforeTerminator = terminator < 0 || firstPositional < terminator;
  const subcommand = positionals[0] === 'sites' && beforeTerminator;
  const common: CommonArgs = {
    ...(values.proxy !== undefined ? { proxy: values.proxy } : {}),
    ...(values.ca !== undefined ? { ca: values.ca } : {}),
    ...(values['user-agent'] !== undefined ? { userAgent: values['user-agent'] } : {}),
    ...(values.catalogue !== undefined ? { catalogues: values.catalogue } : {}),
    ...(values['data-dir'] !== undefined ? { dataDir: values['data-dir'] } : {}),
    ...(values.timeout !== undefined ? { timeoutMs: seconds(values.timeout) } : {}),
    allowPrivateAddresses: values['allow-private-addresses'] ?? false,
    noColor: values['no-color'] ?? false,
  };

  if (server !== undefined && (subcommand || (positionals[0] === 'email' && beforeTerminator)))
    throw new UsageError('--server applies only to username searches (hound NAME --server URL)');
  if (subcommand) {
    const action = positionals[1];
    if (!action || !(SITES_ACTIONS as readonly string[]).includes(action)) {
      throw new UsageError(`hound sites needs one of: ${SITES_ACTIONS.join(', ')}`);
    }
    if (positionals.length > 2) throw new UsageError(`unexpected argument "${positionals[2]}"`);
    for (const flag of [
      'json',
      'compare',
      'csv',
      'site',
      'print-all',
      'include-unreliable',
      'recursive',
      'depth',
      'facts',
    ] as const) {
      if (values[flag] !== undefined) throw new UsageError(`--${flag} does not apply to hound sites ${action}`);
    }
    return {
      kind: 'sites',
      action: action as (typeof SITES_ACTIONS)[number],
      ...(values.category ? { categories: values.category } : {}),
      nsfw: values.nsfw ?? false,
      common,
    };
  }

  if (positionals[0] === 'email' && beforeTerminator) {
    // `--usernames` / `--recursive`: the username-search options scope the username searches they start
    // (read here, then taken out of what the email search checks below); without them they do not apply.
    if (values.usernames && values.recursive)
      throw new UsageError(
        '--usernames and --recursive do not go together: --recursive searches the same names, as a tree',
      );
    if (values.compare !== undefined) throw new UsageError('--compare applies to username searches only');
    const depth = followDepth(values.recursive ?? false, values.depth);
    const scope = emailPivotScope(values);
    const addresses = positionals.slice(1);
    const list = values.list ?? false;
    if (addresses.length === 0 && !list) throw new UsageError('hound email needs at least one address (or --list)');
    if (addresses.length > 0 && list) throw new UsageError('hound email --list takes no address');
    for (const flag of ['site', 'category', 'nsfw', 'include-unreliable', 'catalogue', 'facts'] as const) {
      if (values[flag] !== undefined)
        throw new UsageError(`--${flag} applies to hound email only with --usernames or --recursive`);
    }
    if (scope && list)
      throw new UsageError(`hound email --list takes no --${values.usernames ? 'usernames' : 'recursive'}`);
    if (values.json !== undefined && values.json === values.csv)
      throw new UsageError('--json and --csv need different files');
    return {
      kind: 'email',
      addresses,
      ...(values.json !== undefined ? { json: values.json } : {}),
      ...(values.csv !== undefined ? { csv: values.csv } : {}),
      printAll: values['print-all'] ?? false,
      loud: values.loud ?? false,
      adult: values.adult ?? false,
      list,
      ...(values['email-catalogue'] ? { emailCatalogues: values['email-catalogue'] } : {}),
      ...(scope && values.usernames ? { usernames: scope } : {}),
      ...(scope && values.recursive ? { recursive: { depth, scope } } : {}),
      common,
    };
  }
  for (const flag of ['email-catalogue', 'loud', 'adult', 'list'] as const) {
    if (values[flag] !== undefined) throw new UsageError(`--${flag} applies only to hound email`);
  }
  if (values.usernames !== undefined) throw new UsageError('--usernames applies only to hound email');
  if (values.compare !== undefined && values.recursive) throw new UsageError('--compare does not go with --recursive');

  if (positionals.length === 0) throw new UsageError('no username given');
  if (values.json !== undefined && values.json === values.csv)
    throw new UsageError('--json and --csv need different files');
  return {
    kind: 'search',
    usernames: positionals,
    ...(values.json !== undefined ? { json: values.json } : {}),
    ...(values.compare !== undefined ? { compare: values.compare } : {}),
    ...(values.csv !== undefined ? { csv: values.csv } : {}),
    ...(values.site ? { sites: values.site } : {}),
    ...(values.category ? { categories: values.category } : {}),
    nsfw: values.nsfw ?? false,
    printAll: values['print-all'] ?? false,
    includeUnreliable: values['include-unreliable'] ?? false,
    depth: followDepth(values.recursive ?? false, values.depth),
    facts: factsMode(values.facts),
    ...(server !== undefined ? { server } : {}),
    common,
  };
}

function followDepth(recursive: boolean, depth: string | undefined): number {
  if (depth === undefined) return recursive ? FOLLOW_LIMITS.defaultDepth : 0;
  if (!recursive) throw new UsageError('--depth applies only with --recursive');
  const n = Number(depth);
  if (!Number.isInteger(n) || n < 1 || n > FOLLOW_LIMITS.maxDepth) {
    throw new UsageError(`--depth takes 1 to ${FOLLOW_LIMITS.maxDepth}, got "${depth}"`);
  }
  return n;
}

function factsMode(value: string | undefined): FactsMode {
  if (value === undefined) return 'page';
  if (value === 'page' || value === 'fetch' || value === 'off') return value;
  throw new UsageError(`--facts takes page, fetch or off, got "${value}"`);
}
