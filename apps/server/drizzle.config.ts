import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root, where `npm run db:generate` runs drizzle-kit.
export default defineConfig({
  dialect: 'postgresql',
  // Every table lives with the module that owns it (decision 0051).
  schema: ['./apps/server/src/modules/*/*.tables.ts'],
  out: './apps/server/src/db/migrations',
  casing: 'snake_case',
});
