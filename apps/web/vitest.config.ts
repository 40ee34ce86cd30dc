import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type TestUserConfig } from 'vitest/config';

const src = join(import.meta.dirname, 'src');

/**
 * Test files that need a module graph of their own: they mock a module (`vi.mock`, which would
 * leak into the files after them in a shared graph) or start with `// Runs isolated: why.` (they
 * swap what a module holds, e.g. the app's page loaders, which React keeps once loaded). They run
 * in the `web-isolated` project (vitest.isolated.config.ts); every other file shares its worker's
 * modules and happy-dom (docs/testing.md).
 */
export function isolatedFiles(): string[] {
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.test\.tsx?$/.test(f))
    .filter((f) => {
      const text = readFileSync(join(src, f), 'utf8');
      return text.startsWith('// Runs isolated:') || /\bvi\.mock\(/.test(text);
    })
    .map((f) => `src/${f.split('\\').join('/')}`);
}

export const webTest: TestUserConfig = {
  environment: 'happy-dom',
  include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
  setupFiles: ['./test/setup.ts'],
  // UI tests render lazy chunks and React Aria overlays; on a loaded 2-core runner the first
  // import in a file has taken more than the default 5 s. Waits inside a test are by readiness
  // (findBy/waitFor, up to 10 s each, test/setup.ts); this limit only stops a test that hangs.
  testTimeout: 30_000,
  hookTimeout: 30_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    ...webTest,
    name: 'web',
    exclude: isolatedFiles(),
    // The files of a worker share one module graph and one happy-dom: importing React, React Aria
    // and the app again for every file took two thirds of this project's time. test/setup.ts
    // cleans the DOM, cookies, storage and the API mocks after every test.
    isolate: false,
  },
});
