import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root, where `npm run db:generate` runs drizzle-kit.
export default defineConfig({
  dialect: 'postgresql',
  // The tables every module shares (db/schema/) and those a module owns (modules/*/*.tables.ts).
  schema: ['./apps/server/src/db/schema/index.ts', './apps/server/src/modules/*/*.tables.ts'],
  out: './apps/server/src/db/migrations',
  casing: 'snake_case',
});
