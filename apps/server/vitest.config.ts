import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

const INCLUDE = 'src/**/*.test.ts';

/**
 * A test file that can fail differently on PGlite and on PostgreSQL + Redis (locks, races, rate
 * limits, pub/sub, full-text search, driver errors) starts with the line `// Both drivers: why.`
 * `npm test` runs every server file on PostgreSQL + Redis when DATABASE_URL is set, and then only
 * these again on PGlite (ZEMA_TEST_SCOPE=both-drivers); without DATABASE_URL, all on PGlite
 * (docs/testing.md).
 */
function bothDriverFiles(): string[] {
  const src = join(import.meta.dirname, 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => readFileSync(join(src, f), 'utf8').startsWith('// Both drivers:'))
    .map((f) => `src/${f.split('\\').join('/')}`);
}

export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: process.env.ZEMA_TEST_SCOPE === 'both-drivers' ? bothDriverFiles() : [INCLUDE],
    globalSetup: ['./test/global-setup.ts'],
    // Every file builds its own app on its own copy of the template database and closes it, and
    // no test mocks a module: the files of a worker share one module graph instead of importing
    // the whole server again for each (import took 3 s a file; docs/testing.md).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
