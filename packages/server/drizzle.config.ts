import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate --name <intent>` from packages/server writes a new SQL migration; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
