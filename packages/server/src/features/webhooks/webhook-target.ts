/**
 * Where webhooks may go: public servers only (the engine's rule, decision 096), checked when an endpoint
 * is created and again on every connection a delivery makes — the address checked is the address dialled,
 * so a name that later resolves inward is refused too. `WEBHOOK_ALLOW_LOOPBACK` lets loopback through
 * (local testing); nothing ever allows private networks or link-local (cloud metadata).
 */
import dns from 'node:dns';
import net from 'node:net';
import { WEBHOOK_MESSAGES } from '@hound/contracts';
import { nonPublicRange } from '@hound/engine';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import { AppError } from '../../errors.ts';

export interface TargetRules {
  allowLoopback: boolean;
}

/** Why an address may not receive webhooks, or undefined when it may. */
export function refusedRange(address: string, rules: TargetRules): string | undefined {
  const range = nonPublicRange(address);
  if (range === 'loopback' && rules.allowLoopback) return undefined;
  return range;
}

const isLoopbackName = (host: string) => host === 'localhost' || host.endsWith('.localhost');

/**
 * The endpoint URL as stored, after checking it: https (http only to loopback when it is allowed), no
 * credentials or fragment, a host that resolves to allowed addresses only. 422 otherwise.
 */
export async function checkWebhookUrl(input: string, rules: TargetRules): Promise<string> {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID', WEBHOOK_MESSAGES.urlInvalid);
  }
  if (url.username || url.password || !['https:', 'http:'].includes(url.protocol)) {
    throw new AppError('WEBHOOK_URL_INVALID', WEBHOOK_MESSAGES.urlInvalid);
  }
  url.hash = '';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const addresses = net.isIP(host) ? [host] : await resolve(host);
  if (addresses.length === 0) throw new AppError('WEBHOOK_URL_UNRESOLVABLE', WEBHOOK_MESSAGES.urlUnresolvable);
  // Every address must be allowed: a name with one internal address is refused outright.
  if (addresses.some((a) => refusedRange(a, rules)) || (isLoopbackName(host) && !rules.allowLoopback)) {
    throw new AppError('WEBHOOK_URL_PRIVATE', WEBHOOK_MESSAGES.urlPrivate);
  }
  const loopback = addresses.every((a) => nonPublicRange(a) === 'loopback');
  if (url.protocol === 'http:' && !loopback) throw new AppError('WEBHOOK_URL_INVALID', WEBHOOK_MESSAGES.urlInvalid);
  return url.toString();
}

async function resolve(host: string): Promise<string[]> {
  try {
    return (await dns.promises.lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    return [];
  }
}

/** `code` of a refused connection (a delivery's `last_error` says `blocked_address`). */
export const BLOCKED_TARGET_CODE = 'ERR_HOUND_WEBHOOK_BLOCKED_ADDRESS';

function blocked(host: string, range: string): Error {
  return Object.assign(new Error(`refused ${host}: a ${range} address`), { code: BLOCKED_TARGET_CODE });
}

/**
 * The dispatcher deliveries use: direct connections (not `HOUND_PROXY`, which resolves names itself and is
 * meant for the checks), names resolved to allowed addresses only, and the dialled peer checked again
 * before a byte is written (IP literals skip the lookup). No redirects are followed by the sender.
 */
export function createWebhookDispatcher(rules: TargetRules, connectTimeoutMs = 10_000): Dispatcher {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, entries) => {
      if (error) return callback(error, []);
      const allowed = entries.filter((entry) => !refusedRange(entry.address, rules));
      const first = allowed[0];
      if (!first) return callback(blocked(hostname, nonPublicRange(entries[0]?.address ?? '') ?? 'non-public'), []);
      if (options.all) callback(null, allowed);
      else callback(null, first.address, first.family);
    });
  };
  const connect = buildConnector({ lookup, timeout: connectTimeoutMs });
  return new Agent({
    connections: 4,
    keepAliveTimeout: 4000,
    connect: (options, callback) => {
      connect(options, (error, socket) => {
        if (error || !socket) return callback(error ?? new Error('no socket'), null);
        const range = socket.remoteAddress ? refusedRange(socket.remoteAddress, rules) : 'unknown';
        if (range) {
          socket.destroy();
          return callback(blocked(options.hostname, range), null);
        }
        callback(null, socket);
      });
    },
  });
}
