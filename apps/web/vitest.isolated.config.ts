import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { isolatedFiles, webTest } from './vitest.config';

// The web test files that need a fresh module graph each (see isolatedFiles in vitest.config.ts).
export default defineConfig({
  plugins: [react()],
  test: { ...webTest, name: 'web-isolated', include: isolatedFiles(), isolate: true },
});
