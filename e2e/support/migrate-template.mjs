// Run by global-setup.ts as `node --conditions=hound-compiled migrate-template.mjs <dataDir>`: opens the
// compiled server's embedded database in <dataDir>, runs every migration, closes it. A process of its own:
// Vitest's module runner cannot start the database thread.
import { openDatabase } from '../../packages/server/dist/db/client.js';

const database = await openDatabase({ kind: 'pglite', dataDir: process.argv[2] });
try {
  await database.migrate();
} finally {
  await database.close();
}
