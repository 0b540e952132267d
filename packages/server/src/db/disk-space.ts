/**
 * Free space where the embedded database keeps its files (issue 38 item 9). PGlite on a full disk keeps
 * answering reads while every write fails ("No space left on device", SQLSTATE 53100), so readiness looks
 * at the disk itself: below `DISK_FULL_BELOW_BYTES` the database is not ready (`disk_full`), and a start
 * with less than `DISK_LOW_BELOW_BYTES` or 10 % free warns in the log.
 */
import fs from 'node:fs';

export interface DiskSpace {
  freeBytes: number;
  totalBytes: number;
}

const MIB = 1024 * 1024;
/** Room for a few WAL segments (16 MB each) and a checkpoint: less, and writes are about to fail. */
export const DISK_FULL_BELOW_BYTES = 32 * MIB;
export const DISK_LOW_BELOW_BYTES = 1024 * MIB;

/** `statfs` of the file system holding `dir`: what an unprivileged process may still write. */
export function readDiskSpace(dir: string): DiskSpace {
  const stats = fs.statfsSync(dir);
  return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
}

export function diskState(space: DiskSpace): 'full' | 'low' | 'ok' {
  if (space.freeBytes < DISK_FULL_BELOW_BYTES) return 'full';
  if (space.freeBytes < DISK_LOW_BELOW_BYTES || space.freeBytes < space.totalBytes / 10) return 'low';
  return 'ok';
}
