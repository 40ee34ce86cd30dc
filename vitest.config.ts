import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each has its own config (environment, setup files).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
    // Two cores here and in CI: one worker each. Server test files each open their own database.
    maxWorkers: 2,
  },
});
