import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appSecrets } from '../../db/schema/index.ts';

const NAME = 'otp_hmac_key';

/**
 * The HMAC key of one-time codes: AUTH_SECRET when set (recommended in production: then a copy of the
 * database alone cannot test guesses offline), else a random key generated once and kept in the database,
 * so every node of an installation shares it without configuration.
 */
export function codeKeyLoader(db: Database, configured?: string): () => Promise<Buffer> {
  let loading: Promise<Buffer> | undefined;
  return () => {
    loading ??= (async () => {
      if (configured) return Buffer.from(configured, 'utf8');
      await db
        .insert(appSecrets)
        .values({ name: NAME, value: randomBytes(32).toString('base64') })
        .onConflictDoNothing();
      const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, NAME));
      return Buffer.from(row!.value, 'base64');
    })();
    loading.catch(() => {
      loading = undefined;
    });
    return loading;
  };
}
