import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    // UI tests render lazy chunks and React Aria overlays; on a loaded 2-core runner the first
    // import in a file has taken more than the default 5 s. Waits inside a test are by readiness
    // (findBy/waitFor, up to 10 s each, test/setup.ts); this limit only stops a test that hangs.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
