import { CatalogueError } from '../catalogue/errors.ts';
import { EmailInputError } from '../email/address.ts';
import { SearchError } from '../search/errors.ts';
import { TransportConfigError } from '../transport/errors.ts';
import { UsernameInputError } from '../username/input.ts';
import { UsageError } from './args.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

/** Reports a command's failure on stderr and returns its exit status (see EXIT). */
export function reportFailure(error: unknown, io: CliIo): number {
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
