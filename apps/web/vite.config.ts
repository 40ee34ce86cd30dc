import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.ZEMA_DEV_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 800 },
  // In development the API runs on its own port; the built app is served by the server itself.
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/secure', '/health'].map((p) => [p, { target: api }])),
  },
});
