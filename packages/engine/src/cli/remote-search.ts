/**
 * `hound NAME --server URL`: the searches run on a Hound server through its `/api/v1`, with the API key in
 * `HOUND_API_KEY`, so a team shares one server's catalogues, health baselines and limits. Each search is
 * started (202), its results are printed as the server streams them (Server-Sent Events), and Ctrl-C
 * cancels it on the server. A 429 is waited out as its `Retry-After` says (up to a minute, three times).
 */
import { writeFile } from 'node:fs/promises';
import type { PlatformResult } from '@hound/contracts';
import { request } from 'undici';
import { EMAIL_INPUT_MESSAGE, isEmailLike } from '../username/email.ts';
import { normaliseUsernameInput } from '../username/input.ts';
import { type Command, UsageError } from './args.ts';
import { palette, printable, verdictMark } from './color.ts';
import { EXIT } from './exit-codes.ts';
import type { CliIo } from './io.ts';

type SearchCommand = Extract<Command, { kind: 'search' }>;

/** A refusal or failure of the server, with its stable code (`API_KEY_INVALID`, `API_RATE_LIMITED`, …). */
export class ServerError extends Error {
  override readonly name = 'ServerError';
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

const MAX_RETRY_AFTER_S = 60;
const RETRIES = 3;

/** Options that belong to the local engine: the server uses its own settings. */
function refuseLocalOptions(command: SearchCommand): void {
  const local: Array<[boolean, string]> = [
    [command.common.proxy !== undefined, '--proxy'],
    [command.common.ca !== undefined, '--ca'],
    [command.common.catalogues !== undefined, '--catalogue'],
    [command.common.dataDir !== undefined, '--data-dir'],
    [command.common.timeoutMs !== undefined, '--timeout'],
    [command.common.userAgent !== undefined, '--user-agent'],
    [command.common.allowPrivateAddresses, '--allow-private-addresses'],
    [command.includeUnreliable, '--include-unreliable'],
    [command.depth > 0, '--recursive'],
    [command.csv !== undefined, '--csv'],
  ];
  const given = local.filter(([on]) => on).map(([, flag]) => flag);
  if (given.length > 0) {
    throw new UsageError(`${given.join(', ')} ${given.length === 1 ? 'does' : 'do'} not apply with --server`);
  }
}

function serverBase(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--server takes the server's address, e.g. https://hound.example, got "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new UsageError('--server takes an http:// or https:// address');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

export async function runRemoteSearch(command: SearchCommand, io: CliIo, version: string): Promise<number> {
  refuseLocalOptions(command);
  const base = serverBase(command.server ?? '');
  const key = io.env.HOUND_API_KEY?.trim();
  if (!key) throw new UsageError('--server needs an API key in HOUND_API_KEY (made in the server’s dashboard)');
  for (const username of command.usernames) {
    if (isEmailLike(username)) throw new UsageError(EMAIL_INPUT_MESSAGE);
    normaliseUsernameInput(username);
  }
  const out = palette(io.stdout.isTTY, command.common.noColor, io.env);
  const err = palette(io.stderr.isTTY, command.common.noColor, io.env);
  const api = apiClient(base, key, version, io);
  const answers: unknown[] = [];
  for (const username of command.usernames) {
    if (io.signal.aborted) break;
    const started = (await api.call('POST', '/api/v1/searches', {
      username,
      ...(command.sites ? { sites: command.sites } : {}),
      ...(command.categories ? { categories: command.categories } : {}),
      ...(command.nsfw ? { nsfw: true } : {}),
      ...(command.facts === 'fetch' ? { facts: 'fetch' } : {}),
    })) as { search_id: string; status_url: string; events_url: string };
    io.stderr.write(`${err.bold(`Searching ${printable(username)}`)} on ${base}\n`);
    const counts = { found: 0, not_found: 0, unknown: 0, invalid: 0 };
    const ended = await api.stream(started.events_url, (event, data) => {
      if (event !== 'result') return;
      const result = (data as { result: PlatformResult }).result;
      counts[result.verdict] += 1;
      if (result.verdict !== 'found' && !command.printAll) return;
      const what =
        result.verdict === 'found'
          ? result.url
          : result.verdict === 'not_found'
            ? 'not found'
            : `${result.verdict} (${result.reason ?? 'no reason'})`;
      const name = printable((data as { platform: string }).platform);
      io.stdout.write(`${verdictMark(out, result.verdict)} ${name}: ${printable(what)}\n`);
    });
    if (!ended) {
      // Ctrl-C: the server stops the search too; what was found is kept there.
      await api.call('DELETE', started.status_url).catch(() => {});
    }
    const final = await api.call('GET', started.status_url);
    answers.push(final);
    io.stderr.write(
      `${printable(username)}: ${err.green(`${counts.found} found`)}, ${counts.not_found} not found, ` +
        `${err.yellow(`${counts.unknown} unknown`)}, ${counts.invalid} invalid` +
        `${ended ? '' : ' — interrupted'}\n`,
    );
  }
  if (command.json) {
    await writeFile(
      command.json,
      `${JSON.stringify({ format: 'hound-server/1', server: base, searches: answers }, null, 2)}\n`,
    );
  }
  return io.signal.aborted ? EXIT.interrupted : EXIT.ok;
}

function apiClient(base: string, key: string, version: string, io: CliIo) {
  const headers = { authorization: `Bearer ${key}`, 'user-agent': `hound-cli/${version}` };

  async function call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      const answer = await request(`${base}${path}`, {
        method,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      const text = await answer.body.text();
      const json = parse(text);
      if (answer.statusCode < 300) return json;
      const wait = Number(answer.headers['retry-after']);
      if (answer.statusCode === 429 && attempt < RETRIES && wait > 0 && wait <= MAX_RETRY_AFTER_S) {
        io.stderr.write(`hound: the server asks to wait ${wait} s (${json?.code ?? 'rate limited'})\n`);
        await new Promise((resolve) => setTimeout(resolve, wait * 1000));
        continue;
      }
      throw refusal(answer.statusCode, json);
    }
  }

  /** Follows a search's events until `done` (true) or Ctrl-C (false). */
  async function stream(path: string, onEvent: (event: string, data: unknown) => void): Promise<boolean> {
    const answer = await request(`${base}${path}`, {
      headers: { ...headers, accept: 'text/event-stream' },
      signal: io.signal,
    }).catch((error: unknown) => {
      if (io.signal.aborted) return undefined;
      throw error;
    });
    if (!answer) return false;
    if (answer.statusCode >= 300) throw refusal(answer.statusCode, parse(await answer.body.text()));
    let buffer = '';
    let event = 'message';
    let data = '';
    try {
      for await (const chunk of answer.body) {
        buffer += chunk.toString();
        for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
          const line = buffer.slice(0, end).replace(/\r$/, '');
          buffer = buffer.slice(end + 1);
          if (line === '') {
            if (data) onEvent(event, parse(data));
            if (event === 'done') return true;
            event = 'message';
            data = '';
          } else if (line.startsWith('event:')) event = line.slice(6).trim();
          else if (line.startsWith('data:')) data += line.slice(5).trim();
        }
      }
    } catch (error) {
      if (io.signal.aborted) return false;
      throw error;
    }
    if (io.signal.aborted) return false;
    throw new ServerError('the server closed the event stream before the search ended', 'STREAM_ENDED');
  }

  return { call, stream };
}

// biome-ignore lint/suspicious/noExplicitAny: the server's answers are read field by field
function parse(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function refusal(status: number, json: { code?: string; detail?: string } | undefined): ServerError {
  const code = json?.code ?? `HTTP_${status}`;
  const detail = json?.detail ?? 'no explanation';
  return new ServerError(`the server answered ${status} ${code}: ${printable(detail)}`, code);
}
