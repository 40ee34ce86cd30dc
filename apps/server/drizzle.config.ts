import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root, where `npm run db:generate` runs drizzle-kit.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema/index.ts',
  out: './apps/server/src/db/migrations',
  casing: 'snake_case',
});
