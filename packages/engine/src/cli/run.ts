import { readFileSync } from 'node:fs';
import { parseCommand } from './args.ts';
import { EXIT } from './exit-codes.ts';
import { helpText } from './help.ts';
import type { CliIo } from './io.ts';

export function engineVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/**
 * Runs one `hound` command line and returns its exit status (see EXIT). The commands (the engine, undici,
 * the schemas) are imported when one runs, so `--version` and `--help` start in a few milliseconds.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const version = engineVersion();
  try {
    const command = parseCommand(argv);
    switch (command.kind) {
      case 'help':
        io.stdout.write(helpText(version));
        return EXIT.ok;
      case 'version':
        io.stdout.write(`hound ${version}\n`);
        return EXIT.ok;
      case 'search':
        if (command.server !== undefined)
          return await (await import('./remote-search.ts')).runRemoteSearch(command, io, version);
        return await (await import('./search-command.ts')).runSearch(command, io, version);
      case 'sites':
        return await (await import('./sites-command.ts')).runSites(command, io);
      case 'email':
        return await (await import('./email-command.ts')).runEmail(command, io, version);
    }
  } catch (error) {
    return (await import('./failure.ts')).reportFailure(error, io);
  }
}
