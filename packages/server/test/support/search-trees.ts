/**
 * What the search-tree suites share (issue 41 item 13): a stack, over a real socket, on the simulated internet
 * with the planted lead chain — alice's profile (site00) links to alice_dev's (site02), whose profile states
 * a.dev@example.com — and the calls that start a tree and wait for it.
 */
import { type LeadSearch, type SearchTree, SearchTreeSchema } from '@hound/contracts';
import type { EngineOptions } from '@hound/engine';
import { type LeadChain, plantLeadChain } from '@hound/testkit';
import { type Answer, type Call, socketClient, waitFor } from './http-client.ts';
import { startTestInternet, type TestInternet } from './internet.ts';
import { type Stack, type StackMode, startStack } from './stacks.ts';

export interface TreeStack {
  net: TestInternet;
  stack: Stack;
  call: Call;
  chain: LeadChain;
  close(): Promise<void>;
}

/**
 * Four sites with the chain planted, and a stack with these limits; `engine` may add what the suite serves
 * beside the chain (an email catalogue) before the stack starts.
 */
export async function startTreeStack(
  mode: StackMode,
  options: { env: Record<string, string>; engine?: (net: TestInternet, chain: LeadChain) => Partial<EngineOptions> },
): Promise<TreeStack> {
  const net = await startTestInternet({ sites: 4 });
  const chain = plantLeadChain(net.internet, 'site00.example', 'site02.example');
  const stack = await startStack(mode, {
    createEngine: net.createEngine(options.engine?.(net, chain)),
    env: options.env,
  });
  const call = socketClient(await stack.app.listen({ port: 0, host: '127.0.0.1' }));
  return {
    net,
    stack,
    call,
    chain,
    async close() {
      await stack.close();
      await net.close();
    },
  };
}

/** A search's statuses in a tree that waiting will not change (an email lead waits for a click). */
const ENDED = ['completed', 'error', 'cancelled', 'not_started', 'not_searched'];

/** `GET /api/search/{id}/tree`, as the user of `headers` (anonymous without). */
export function readTree(call: Call, id: string, headers: Record<string, string> = {}): Promise<Answer> {
  return call('GET', `/api/search/${id}/tree`, undefined, headers);
}

/** The tree once it holds `count` searches and every one of them has ended. */
export function settledTree(
  call: Call,
  id: string,
  count: number,
  headers: Record<string, string> = {},
): Promise<SearchTree> {
  return waitFor(async () => {
    const answer = await readTree(call, id, headers);
    const now: LeadSearch[] = answer.json?.searches ?? [];
    return now.length === count && now.every((s) => ENDED.includes(s.status))
      ? SearchTreeSchema.parse(answer.json)
      : undefined;
  }, 60_000);
}

/**
 * Starts alice's search following leads as the user of `headers`, two levels deep unless `depth` says
 * otherwise (`{}`: the server's default): the root search's id.
 */
export async function startAliceTree(
  call: Call,
  headers: Record<string, string>,
  options: { depth?: number } = { depth: 2 },
): Promise<string> {
  const started = await call('POST', '/api/search', { username: 'alice', recursive: true, ...options }, headers);
  if (started.json?.status !== 'started') throw new Error(`alice's tree did not start: ${started.text}`);
  return started.json.search_id;
}
