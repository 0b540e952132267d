/**
 * PGlite is one process's private database: two processes opening the same directory would corrupt it.
 * An exclusive lock file (created with O_EXCL) names the owner; a lock whose owner is gone is stale and
 * taken over.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '../errors.ts';

interface LockOwner {
  pid: number;
  host: string;
  startedAt: string;
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readOwner(file: string): LockOwner | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LockOwner;
  } catch {
    return undefined;
  }
}

export function lockDataDir(dir: string): DataDirLock {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'hound.lock');
  const me: LockOwner = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, JSON.stringify(me), { flag: 'wx' });
      const onExit = () => release();
      const release = () => {
        process.off('exit', onExit);
        if (readOwner(file)?.pid === me.pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', onExit);
      return { file, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(file);
      // A lock from another machine (shared volume) cannot be checked, so it is never taken over.
      const stale = owner !== undefined && owner.host === me.host && !isAlive(owner.pid);
      if (!stale) {
        const who = owner ? `process ${owner.pid} on ${owner.host} (since ${owner.startedAt})` : 'another process';
        throw new AppError(
          'DB_DATA_DIR_LOCKED',
          `The data directory ${dir} is in use by ${who}. Only one Hound server can own an embedded database; stop the other one, use another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database.`,
        );
      }
      fs.rmSync(file, { force: true });
    }
  }
  throw new AppError('DB_DATA_DIR_LOCKED', `Could not take the lock ${file}; another process keeps recreating it.`);
}
