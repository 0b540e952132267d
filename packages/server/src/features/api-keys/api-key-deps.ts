import type { Database } from '../../db/client.ts';
import type { Config } from '../../env.ts';
import type { KeyAuthenticator } from './authenticate-key.ts';
import type { UsageCounter } from './usage-counter.ts';

/** What key management needs: the database, the server key, the cache to invalidate, plan limits, a clock. */
export interface ApiKeyDeps {
  db: Database;
  serverKey: () => Promise<Buffer>;
  keys: KeyAuthenticator;
  usage: UsageCounter;
  limits: Config['api'];
  now: () => Date;
}
