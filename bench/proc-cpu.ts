/** CPU time by process and thread from /proc (Linux), for bench/api.ts and its bare-engine child. */
import fs from 'node:fs';

/** CPU time (user + system, ms) a process has used, from /proc (Linux). */
export function cpuMs(pid: number, statFile = `/proc/${pid}/stat`): number {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time (ms) of each thread of a process, by thread id, with the thread's name, from /proc (Linux). */
export function threadCpuMs(pid: number): Map<number, { name: string; ms: number }> {
  const byThread = new Map<number, { name: string; ms: number }>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      byThread.set(Number(tid), { name, ms: cpuMs(pid, `/proc/${pid}/task/${tid}/stat`) });
    } catch {
      // the thread ended between the listing and the read
    }
  }
  return byThread;
}

/**
 * A process's CPU between two readings split by thread: the main thread (the server's API, events, SSE),
 * the database thread (PGlite, named hound-db), the search thread (the checks, named hound-search) and the
 * rest (V8's garbage-collection and compiler threads, libuv's pool).
 */
export function threadSplit(
  pid: number,
  before: Map<number, { name: string; ms: number }>,
  after: Map<number, { name: string; ms: number }>,
) {
  const split = { main: 0, database: 0, search: 0, rest: 0 };
  for (const [tid, { name, ms }] of after) {
    const used = ms - (before.get(tid)?.ms ?? 0);
    if (tid === pid) split.main += used;
    else if (name === 'hound-db') split.database += used;
    else if (name === 'hound-search') split.search += used;
    else split.rest += used;
  }
  return split;
}
