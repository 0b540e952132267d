/**
 * `npx tsx connections.ts` (in bench/): the engine transport's CPU per request when every request opens a
 * new connection — keep-alive 1 ms (KEEP=<ms> to change it), through the testkit's HTTP proxy, a CONNECT
 * tunnel and a TLS handshake each — 2,000 requests 20 at once over 200 hosts, three rounds after a
 * warm-up; the testkit in its own process. Prints JSON; each round's handshakes and resumed ones on stderr
 * (decision 153: what one new connection costs, tree against tree).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTransport } from '@hound/engine';
import { Internet } from './internet-process.ts';

const HOSTS = 200;
const catalogue: Record<string, unknown> = {};
for (let i = 0; i < HOSTS; i++)
  catalogue[`S${i}`] = {
    url: `https://s${i}.example/{}`,
    urlMain: `https://s${i}.example/`,
    errorType: 'status_code',
    username_claimed: 'blue',
  };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hound-bench-connections-'));
fs.writeFileSync(path.join(dir, 'c.json'), JSON.stringify(catalogue));
const internet = await Internet.start();
const served = await internet.call<{ proxyUrl: string; caPem: string }>({
  type: 'start',
  options: { catalogues: [{ path: path.join(dir, 'c.json') }], dir },
});
const keep = Number(process.env.KEEP ?? 1);
const t = createTransport({ proxy: served.proxyUrl, caPem: served.caPem, keepAliveTimeoutMs: keep });
async function round(n: number) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < n) {
        const i = next++;
        const r = await t.send({
          method: 'GET',
          url: `https://s${i % HOSTS}.example/u${i}`,
          headers: {},
          followRedirects: false,
        } as never);
        if (!r.ok) throw new Error(r.error.message);
      }
    }),
  );
}
await round(400); // warm-up: code compiled, one session per host
const out: number[] = [];
for (let k = 0; k < 3; k++) {
  const c0 = await internet.call<{ connections: { tls: number; tlsResumed: number } }>({ type: 'cpu' });
  const u0 = process.cpuUsage();
  await round(2000);
  const u = process.cpuUsage(u0);
  const c1 = await internet.call<{ connections: { tls: number; tlsResumed: number } }>({ type: 'cpu' });
  out.push((u.user + u.system) / 1000 / 2000);
  console.error(
    `tls ${c1.connections.tls - c0.connections.tls} resumed ${c1.connections.tlsResumed - c0.connections.tlsResumed}`,
  );
}
console.log(
  JSON.stringify({
    keep,
    ms_per_request: out.map((x) => Number(x.toFixed(3))),
    load: fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0],
  }),
);
await t.close();
await internet.call({ type: 'close' }).catch(() => {});
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
