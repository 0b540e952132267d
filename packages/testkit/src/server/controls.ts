/**
 * The simulated internet's run-time controls over HTTP, for another process (a server under test, `npm run
 * sim`): `POST /_fake/register`, `/_fake/unregister` (`{host, username}`) and `/_fake/fault` (`{host, fault}`,
 * `null` to clear; a `flap` fault makes a site alternate between its answer and a block page or a hang).
 * Answered only on the testkit's own address (`http://127.0.0.1:PORT/_fake/…`), never on a fake site's host.
 */
import { TestkitError } from '../errors.ts';
import type { CannedResponse } from '../faults/waf-pages.ts';
import type { Fault } from '../types.ts';
import { textResponse } from './site-response.ts';

export interface Controls {
  register(host: string, username: string): void;
  unregister(host: string, username: string): void;
  fault(host: string, fault: Fault | null): void;
}

const json = (status: number, body: unknown): CannedResponse =>
  textResponse(status, `${JSON.stringify(body)}\n`, { 'content-type': 'application/json' });

/** True for the testkit's own address: the controls live there only. */
export function isControlHost(host: string): boolean {
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

export function handleControl(controls: Controls, method: string, path: string, body: Buffer): CannedResponse {
  if (method !== 'POST') return json(405, { error: 'POST only' });
  let input: { host?: unknown; username?: unknown; fault?: unknown };
  try {
    input = JSON.parse(body.toString('utf8') || '{}') as typeof input;
  } catch {
    return json(400, { error: 'the body must be JSON' });
  }
  const host = typeof input.host === 'string' ? input.host.toLowerCase() : '';
  if (!host) return json(400, { error: 'host is required' });
  try {
    switch (path.split('?')[0]) {
      case '/_fake/register':
      case '/_fake/unregister': {
        if (typeof input.username !== 'string' || input.username === '')
          return json(400, { error: 'username is required' });
        if (path.startsWith('/_fake/register')) controls.register(host, input.username);
        else controls.unregister(host, input.username);
        return json(200, { ok: true });
      }
      case '/_fake/fault':
        if (input.fault === undefined) return json(400, { error: 'fault is required (null clears it)' });
        controls.fault(host, input.fault as Fault | null);
        return json(200, { ok: true });
      default:
        return json(404, { error: 'unknown control' });
    }
  } catch (error) {
    if (error instanceof TestkitError) return json(400, { error: error.message });
    throw error;
  }
}
