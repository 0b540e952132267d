import { normaliseEmail } from './email/address.ts';
import { createEngine, type EngineOptions, type HoundEngine } from './engine.ts';
import type { EmailSearchEvent, EmailSearchOptions, SearchEvent, SearchOptions } from './model.ts';
import { SearchError } from './search/errors.ts';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from './username/email.ts';
import { normaliseUsernameInput } from './username/input.ts';

let shared: Promise<HoundEngine> | undefined;

/**
 * The process-wide default engine, created on first use with `options` (later calls return the same
 * engine and ignore their options). Defaults: upstream catalogues cached in `./.data`, direct connections.
 */
export function defaultEngine(options?: EngineOptions): Promise<HoundEngine> {
  if (!shared) {
    shared = createEngine(options);
    shared.catch(() => {
      shared = undefined; // a failed load (e.g. offline without cache) may be retried later
    });
  }
  return shared;
}

/** Closes the default engine, if one was created. */
export async function closeDefaultEngine(): Promise<void> {
  const engine = shared;
  shared = undefined;
  if (engine) await (await engine).close();
}

/**
 * Searches `username` on every selected site with the default engine; results arrive in completion
 * order with `{done, total}` progress. Input errors are thrown at once, before anything is loaded.
 * @throws SearchError `email_address` for email-shaped input (use email search instead)
 * @throws UsernameInputError for empty, too long or control-character input
 * @example
 * for await (const { result, progress } of searchUsername('alice')) {
 *   if (result.verdict === 'found') console.log(result.name, result.url);
 * }
 */
export function searchUsername(username: string, options: SearchOptions = {}): AsyncIterable<SearchEvent> {
  if (isEmailLike(username)) throw new SearchError('email_address', EMAIL_INPUT_MESSAGE);
  normaliseUsernameInput(username);
  return (async function* () {
    const engine = await defaultEngine();
    yield* engine.searchUsername(username, options);
  })();
}

/**
 * Searches `email` on every selected email check with the default engine; results arrive in completion
 * order with `{done, total}` progress. Input errors are thrown at once, before anything is loaded.
 * @throws EmailInputError for input that is not one address
 * @example
 * for await (const { result } of searchEmail('someone@example.org')) {
 *   if (result.verdict === 'found') console.log(result.name, result.domain);
 * }
 */
export function searchEmail(email: string, options: EmailSearchOptions = {}): AsyncIterable<EmailSearchEvent> {
  normaliseEmail(email);
  return (async function* () {
    const engine = await defaultEngine();
    yield* engine.searchEmail(email, options);
  })();
}
