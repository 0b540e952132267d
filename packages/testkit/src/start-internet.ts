import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent } from 'undici';
import { loadCatalogue } from './catalogue/load-catalogue.ts';
import { createConnector } from './connector.ts';
import { TestkitError } from './errors.ts';
import { FaultBook } from './faults/fault-book.ts';
import { createRandom, logNormalSampler, uniformFor } from './random.ts';
import { RequestLogger } from './request-log.ts';
import { Listener } from './server/listener.ts';
import { dnsFailureBody, handleRequest } from './server/request-handler.ts';
import { SiteRegistry } from './site/registry.ts';
import { CertificateStore } from './tls/certificate-store.ts';
import type { Conflict, Fault, Internet, PlantedPage, RouteHandler, SiteInfo, StartOptions } from './types.ts';

function validate(options: StartOptions): void {
  const bad = (message: string) => new TestkitError('INVALID_OPTION', message);
  const share = (name: string, value: number | undefined) => {
    if (value !== undefined && !(typeof value === 'number' && value >= 0 && value <= 1))
      throw bad(`${name} must be between 0 and 1`);
  };
  if (options.seed !== undefined && !Number.isInteger(options.seed)) throw bad('seed must be an integer');
  share('hangShare', options.hangShare);
  share('wafShare', options.wafShare);
  share('namelessShare', options.namelessShare);
  if (options.port !== undefined && !(Number.isInteger(options.port) && options.port >= 0 && options.port <= 65535)) {
    throw bad('port must be 0–65535');
  }
  if (options.prewarmTls !== undefined && typeof options.prewarmTls !== 'boolean') {
    throw bad('prewarmTls must be a boolean');
  }
  if (options.logLimit !== undefined && !(Number.isInteger(options.logLimit) && options.logLimit > 0)) {
    throw bad('logLimit must be a positive integer');
  }
  const latency = options.latency;
  if (latency && !(latency.medianMs > 0 && latency.p99Ms >= latency.medianMs)) {
    throw bad('latency needs medianMs > 0 and p99Ms ≥ medianMs');
  }
  if (options.catalogues !== undefined && !Array.isArray(options.catalogues)) throw bad('catalogues must be an array');
}

/**
 * Starts the simulated internet on 127.0.0.1: fake sites from the given catalogues, reachable through
 * its proxy (`proxyUrl`, trusting `caPem`) or its undici `dispatcher`/`connect`. Bad options or
 * catalogues reject with a TestkitError before anything listens.
 */
export async function startInternet(options: StartOptions = {}): Promise<Internet> {
  validate(options);
  const seed = options.seed ?? 1;
  const registry = new SiteRegistry();
  const loaded = await Promise.all((options.catalogues ?? []).map(loadCatalogue));
  for (const catalogue of loaded) {
    for (const entry of catalogue.entries) registry.add(entry);
    registry.skipped.push(...catalogue.skipped);
  }
  const dir = options.dir ?? (await mkdtemp(path.join(os.tmpdir(), 'hound-testkit-')));
  const certificates = new CertificateStore();
  const caFile = path.join(dir, 'hound-testkit-ca.pem');
  await writeFile(caFile, certificates.caPem);

  const faults = new FaultBook(seed, options.hangShare ?? 0, options.wafShare ?? 0);
  const customRoutes = new Map<string, Map<string, RouteHandler>>();
  const isServed = (host: string) => registry.isServed(host) || customRoutes.has(host);
  const resolves = (host: string) => isServed(host) && faults.faultFor(host)?.kind !== 'unknown_host';
  let listener: Listener | undefined;
  const log = new RequestLogger(options.logLimit ?? 100_000, () => listener?.openSockets() ?? 0);
  const latency = options.latency;
  const context = {
    registry,
    faults,
    log,
    customRoutes,
    latency: latency && logNormalSampler(createRandom(seed), latency.medianMs, latency.p99Ms),
    nameless: (host: string) =>
      (options.namelessShare ?? 0) > 0 && uniformFor(seed, `nameless ${host}`) < (options.namelessShare ?? 0),
    isServed,
    rawSocket: (socket: import('node:net').Socket) => listener?.rawSocket(socket) ?? socket,
    tunnelTarget: (socket: import('node:net').Socket) => listener?.tunnelTarget(socket),
    controls: {
      register: (host: string, username: string) => register(host, username),
      unregister: (host: string, username: string) => unregister(host, username),
      fault: (host: string, fault: Fault | null) => faults.set(host.toLowerCase(), fault),
    },
  };
  listener = new Listener(certificates, {
    onRequest: (req, res) => void handleRequest(context, req, res).catch(() => res.destroy()),
    acceptsTunnel: resolves,
    untrustedTls: (host) => faults.faultFor(host)?.kind === 'bad_tls',
    dnsFailureBody,
  });
  if (options.prewarmTls) {
    const fixedHosts = registry.hosts().filter((host) => !host.includes('{'));
    certificates.prewarm(fixedHosts.flatMap((host) => (host.startsWith('www.') ? [host] : [host, `www.${host}`])));
  }
  const { port, tlsPort } = await listener.listen(options.port ?? 0);
  const connect = createConnector({ port, tlsPort }, certificates.caPem, resolves);
  const dispatcher = new Agent({ connect });
  let closed = false;

  function register(host: string, username: string, page?: PlantedPage): void {
    if (typeof username !== 'string' || username === '') {
      throw new TestkitError('INVALID_OPTION', 'register needs a non-empty username');
    }
    const routes = registry.routesAt(host);
    if (routes.length === 0) throw new TestkitError('NO_SUCH_SITE', `no fake site at ${host}`);
    const accepted = routes.map((route) => route.register(username, undefined, page)).some(Boolean);
    if (!accepted) {
      throw new TestkitError(
        'INVALID_OPTION',
        `${username} does not match the username pattern of the sites at ${host}`,
      );
    }
  }

  function unregister(host: string, username: string): void {
    const routes = registry.routesAt(host);
    if (routes.length === 0) throw new TestkitError('NO_SUCH_SITE', `no fake site at ${host}`);
    for (const route of routes) route.unregister(username);
  }

  const internet: Internet = {
    port,
    tlsPort,
    proxyUrl: `http://127.0.0.1:${port}`,
    caPem: certificates.caPem,
    caFile,
    connect,
    dispatcher,
    siteCount: registry.entries.length,
    hosts: () => [...new Set([...registry.hosts(), ...customRoutes.keys()])],
    sites: (): SiteInfo[] =>
      registry.entries.map((entry) => {
        const route = registry.routeFor(entry);
        return {
          format: entry.format,
          name: entry.name,
          host: route?.pattern.host ?? '',
          claimed: [...(route?.registered ?? [])],
          method: entry.method,
          url: entry.url,
        };
      }),
    skipped: () => [...registry.skipped],
    conflicts: (): Conflict[] =>
      registry.routeList
        .filter((route) => route.plan.conflict !== undefined)
        .map((route) => ({
          host: route.pattern.host,
          method: route.method,
          url: route.entries[0]?.url ?? '',
          entries: route.entries.map((e) => ({ format: e.format, name: e.name })),
          ...(route.plan.firstHolds && route.entries[0]
            ? { followed: { format: route.entries[0].format, name: route.entries[0].name } }
            : {}),
          reason: route.plan.conflict ?? '',
        })),
    register(host, username) {
      register(host, username);
    },
    plant(host, username, page) {
      if (!page || typeof page !== 'object') throw new TestkitError('INVALID_OPTION', 'plant needs a page');
      register(host, username, page);
    },
    unregister(host, username) {
      unregister(host, username);
    },
    fault(host: string, fault: Fault | null) {
      faults.set(host.toLowerCase(), fault);
    },
    route(host, routePath, handler) {
      if (!routePath.startsWith('/') || typeof handler !== 'function') {
        throw new TestkitError('INVALID_ROUTE', 'route needs a path starting with "/" and a handler function');
      }
      const lower = host.toLowerCase();
      const routes = customRoutes.get(lower) ?? new Map<string, RouteHandler>();
      routes.set(routePath, handler);
      customRoutes.set(lower, routes);
    },
    log,
    connections: () => listener?.connectionCounts() ?? { tcp: 0, tunnels: 0, tls: 0, tlsResumed: 0, requests: 0 },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([listener?.close(), dispatcher.close().catch(() => undefined)]);
    },
  };
  return internet;
}
