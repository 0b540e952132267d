/**
 * The benchmark's simulated internet, in its own process so the engine's RSS and CPU are measured
 * without the fake sites. Driven over IPC by bench/engine.ts and bench/email.ts.
 */
import {
  type EmailCheckEntry,
  type Internet,
  type StartOptions,
  serveEmailChecks,
  startInternet,
} from '@hound/testkit';

type Message =
  | { id: number; type: 'start'; options: StartOptions }
  | { id: number; type: 'register'; username: string; hosts: string[] }
  | { id: number; type: 'email'; checks: EmailCheckEntry[]; registered: string; on?: string[] }
  | { id: number; type: 'log' }
  | { id: number; type: 'cpu' }
  | { id: number; type: 'reset' }
  | { id: number; type: 'close' };

let internet: Internet | undefined;

async function handle(message: Message): Promise<unknown> {
  switch (message.type) {
    case 'start': {
      internet = await startInternet(message.options);
      return {
        proxyUrl: internet.proxyUrl,
        tlsPort: internet.tlsPort,
        caPem: internet.caPem,
        sites: internet.sites().map((s) => ({ name: s.name, host: s.host, format: s.format })),
        conflicts: internet.conflicts().map((c) => c.host),
      };
    }
    case 'register': {
      const accepted: string[] = [];
      for (const host of message.hosts) {
        try {
          internet?.register(host, message.username);
          accepted.push(host);
        } catch {
          // the site's own username pattern refuses this name: it stays unregistered there
        }
      }
      return accepted;
    }
    case 'email': {
      // bench/email.ts: fakes of the email checks, the address registered on every one (or on those `on` names).
      const sites = serveEmailChecks(internet!, message.checks);
      sites.register(message.registered, message.on);
      return { served: sites.served.length, skipped: sites.skipped };
    }
    case 'log':
      return internet?.log.requests().map((r) => ({ host: r.host, startedAt: r.startedAt, endedAt: r.endedAt }));
    case 'cpu':
      // The connection counts ride along: what the clients made the simulated internet accept.
      return { ...process.cpuUsage(), connections: internet?.connections() };
    case 'reset':
      internet?.log.reset();
      return null;
    case 'close':
      await internet?.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

process.on('message', (message: Message) => {
  handle(message).then(
    (result) => process.send?.({ id: message.id, result }),
    (error: Error) => process.send?.({ id: message.id, error: error.message }),
  );
});
process.send?.({ ready: true });
