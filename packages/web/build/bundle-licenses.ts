/**
 * Vite plugin: lists the third-party packages that end up in the browser bundle, with their licence
 * (package.json `license`) and licence text, and emits them as `licenses.json` for the Licences page.
 * Generated from the bundle itself, so the list is exactly what a visitor downloads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export interface BundledPackage {
  name: string;
  version: string;
  license: string;
  repository?: string;
  licenseText?: string;
}

/** The package directory of a module inside node_modules (scoped names included), or null. */
export function packageDirOf(moduleId: string): string | null {
  const clean = moduleId.replace(/^\0/, '').split('?')[0]!.replaceAll('\\', '/');
  const marker = '/node_modules/';
  const at = clean.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = clean.slice(at + marker.length).split('/');
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  if (rest.length <= depth) return null;
  return clean.slice(0, at + marker.length) + rest.slice(0, depth).join('/');
}

function licenseOf(pkg: Record<string, unknown>): string {
  const field = pkg.license ?? pkg.licenses;
  if (typeof field === 'string') return field;
  if (Array.isArray(field)) return field.map((l) => (typeof l === 'string' ? l : String(l?.type))).join(' OR ');
  if (field && typeof field === 'object' && 'type' in field) return String(field.type);
  return 'UNKNOWN';
}

function repositoryOf(pkg: Record<string, unknown>): string | undefined {
  const repo = pkg.repository;
  const raw =
    typeof repo === 'string' ? repo : repo && typeof repo === 'object' && 'url' in repo ? repo.url : undefined;
  if (typeof raw !== 'string') return undefined;
  return raw
    .replace(/^git\+/, '')
    .replace(/\.git$/, '')
    .replace(/^git:\/\//, 'https://');
}

function licenseTextOf(dir: string): string | undefined {
  const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
  return file ? readFileSync(path.join(dir, file), 'utf8').trim() : undefined;
}

export function describePackages(moduleIds: Iterable<string>): BundledPackage[] {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const dir = packageDirOf(id);
    if (dir) dirs.add(dir);
  }
  const byName = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Record<string, unknown>;
    const name = String(pkg.name);
    byName.set(name, {
      name,
      version: String(pkg.version),
      license: licenseOf(pkg),
      repository: repositoryOf(pkg),
      licenseText: licenseTextOf(dir),
    });
  }
  return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export function bundleLicenses(): Plugin {
  return {
    name: 'hound:bundle-licenses',
    apply: 'build',
    generateBundle(_options, bundle) {
      const ids: string[] = [];
      for (const item of Object.values(bundle)) if (item.type === 'chunk') ids.push(...item.moduleIds);
      const packages = describePackages(ids);
      this.emitFile({ type: 'asset', fileName: 'licenses.json', source: `${JSON.stringify({ packages }, null, 1)}\n` });
    },
  };
}
