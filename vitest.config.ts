import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each has its own config (environment, setup files). The web
// app has two: most files share their worker's modules, a few need their own (apps/web).
export default defineConfig({
  test: {
    projects: [
      'packages/contracts',
      'apps/server',
      'apps/web/vitest.config.ts',
      'apps/web/vitest.isolated.config.ts',
    ],
    // Two cores here and in CI: one worker each. Server test files each open their own database.
    maxWorkers: 2,
  },
});
