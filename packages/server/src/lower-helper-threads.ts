/**
 * Gives the cores to the threads that answer requests when they are scarce (decision 090). The API's thread
 * and the database thread keep their priority; the process's other threads — V8's compiler and
 * garbage-collection helpers, libuv's pool — get a higher nice value, like the search thread (which sets
 * its own, engine option `searchThreadNice`). On Linux a thread's nice value is its own; elsewhere this
 * does nothing.
 */
import fs from 'node:fs';
import os from 'node:os';

/** Threads that answer requests: the main thread (by id) and these, by name. */
const RESPONSIVE = new Set(['hound-db']);
/** Already lowered by themselves. */
const SELF_LOWERED = new Set(['hound-search']);

/**
 * Sets the process's helper threads to the main thread's nice value plus `nice` (at most 19), leaving
 * those already there; returns how many it changed. The search thread aims at the same value, so one
 * caught before it named itself ends where it would have put itself.
 */
export function lowerHelperThreads(nice: number): number {
  if (process.platform !== 'linux') return 0;
  const target = Math.min(19, os.getPriority(process.pid) + nice);
  let lowered = 0;
  for (const entry of fs.readdirSync('/proc/self/task')) {
    const tid = Number(entry);
    if (tid === process.pid) continue;
    try {
      const name = fs.readFileSync(`/proc/self/task/${entry}/comm`, 'utf8').trim();
      if (RESPONSIVE.has(name) || SELF_LOWERED.has(name) || os.getPriority(tid) >= target) continue;
      os.setPriority(tid, target);
      lowered++;
    } catch {
      // the thread ended between the listing and the change
    }
  }
  return lowered;
}
