import { readFileSync } from 'node:fs';
import { CatalogueError } from '../catalogue/errors.ts';
import { EmailInputError } from '../email/address.ts';
import { SearchError } from '../search/errors.ts';
import { TransportConfigError } from '../transport/errors.ts';
import { UsernameInputError } from '../username/input.ts';
import { parseCommand, UsageError } from './args.ts';
import { runEmail } from './email-command.ts';
import { EXIT } from './exit-codes.ts';
import { helpText } from './help.ts';
import type { CliIo } from './io.ts';
import { runSearch } from './search-command.ts';
import { runSites } from './sites-command.ts';

export function engineVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

/** Runs one `hound` command line and returns its exit status (see EXIT). */
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
        return await runSearch(command, io, version);
      case 'sites':
        return await runSites(command, io);
      case 'email':
        return await runEmail(command, io, version);
    }
  } catch (error) {
    const usage =
      error instanceof UsageError ||
      error instanceof EmailInputError ||
      error instanceof UsernameInputError ||
      (error instanceof SearchError && error.code !== 'engine_closed');
    if (usage) {
      io.stderr.write(`hound: ${(error as Error).message}\nTry 'hound --help' for more information.\n`);
      return EXIT.usage;
    }
    if (io.signal.aborted) return EXIT.interrupted;
    const known = error instanceof CatalogueError || error instanceof TransportConfigError;
    const message = known || (error as NodeJS.ErrnoException).code ? (error as Error).message : String(error);
    io.stderr.write(`hound: ${message}\n`);
    return EXIT.runtime;
  }
}
