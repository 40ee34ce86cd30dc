import { defineConfig } from 'vitest/config';

// One vitest run covers every package; each has its own config (environment, setup files).
export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/server', 'apps/web'],
  },
});
