#!/usr/bin/env node
/**
 * Builds the publishable `hound` command (packages/cli, npm name `hound-osint`): the engine's CLI bundled by
 * esbuild with everything it imports (the contracts, zod, undici, socks), so the package installs alone with no
 * dependencies; plus the shipped email checks. `dist/cli/` keeps the source's depth below the package root, so
 * the engine's `new URL('../../package.json' | '../../catalogues/email.json', import.meta.url)` resolve inside
 * the installed package (docs/decisions/102-compiled-builds.md).
 */
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ENGINE = path.join(ROOT, 'packages/engine');
const CLI = path.join(ROOT, 'packages/cli');

rmSync(path.join(CLI, 'dist'), { recursive: true, force: true });
const { metafile } = await build({
  entryPoints: {
    hound: path.join(ENGINE, 'src/cli/main.ts'),
    // Loaded by path from the search threads: must sit beside the code that starts them.
    'search-thread': path.join(ENGINE, 'src/search/search-thread.ts'),
  },
  absWorkingDir: ROOT, // metafile paths are relative to it
  outdir: path.join(CLI, 'dist/cli'),
  bundle: true,
  // `--version` and `--help` load only the first file; a search loads the engine's chunks when it runs.
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none', // the packages' full licence texts go to THIRD_PARTY_LICENSES.txt instead
  metafile: true,
  // Bundled CommonJS dependencies (undici, socks) call require() for Node's own modules.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __houndCreateRequire } from 'node:module';\nconst require = __houndCreateRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
chmodSync(path.join(CLI, 'dist/cli/hound.js'), 0o755);
mkdirSync(path.join(CLI, 'catalogues'), { recursive: true });
copyFileSync(path.join(ENGINE, 'catalogues/email.json'), path.join(CLI, 'catalogues/email.json'));
copyFileSync(path.join(ROOT, 'LICENSE'), path.join(CLI, 'LICENSE'));

// The licences of the bundled packages, as their MIT/ISC/BSD terms ask.
const bundled = new Set();
for (const input of Object.keys(metafile.inputs)) {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (match) bundled.add(path.resolve(ROOT, match[1]));
}
const notices = [...bundled].sort().map((dir) => {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const licence = readdirSync(dir).find((name) => /^(licen[cs]e|copying)/i.test(name));
  const text =
    licence && existsSync(path.join(dir, licence)) ? readFileSync(path.join(dir, licence), 'utf8') : pkg.license;
  return `${pkg.name}@${pkg.version} (${pkg.license})\n\n${text.trim()}\n`;
});
writeFileSync(path.join(CLI, 'THIRD_PARTY_LICENSES.txt'), notices.join(`\n${'-'.repeat(72)}\n\n`));
