import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe } from 'vitest';
import { createBullmqQueue } from './bullmq-queue.ts';
import { createInProcessQueue } from './in-process-queue.ts';
import { jobQueueContract } from './job-queue.contract.ts';

describe('in-process queue', () => {
  jobQueueContract(async () => createInProcessQueue({ retryDelayMs: 20 }));
});

const redisUrl = process.env.REDIS_URL;
if (!redisUrl) console.warn('[skip] BullMQ queue contract: REDIS_URL is not set');

describe.skipIf(!redisUrl)('BullMQ queue (REDIS_URL)', () => {
  const prefix = `hound-test-${randomUUID().slice(0, 8)}`;
  afterAll(async () => {
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  let n = 0;
  jobQueueContract(async () =>
    createBullmqQueue({ url: redisUrl!, prefix: `${prefix}-${n++}`, retryDelayMs: 20, lockMs: 2000 }),
  );
});
