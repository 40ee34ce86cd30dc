import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { themeFonts } from './theme-fonts';

const api = process.env.ZEMA_DEV_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [
    // React Aria ships its built-in strings for ~35 locales in every component; Zema's UI languages
    // are English and Amharic (which React Aria does not have, so it falls back to English anyway).
    // Keeping only en-US removes tens of kB gzipped from every page (the budget in
    // docs/benchmarks.md: ≤ 250 kB).
    { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
    react(),
    tailwindcss(),
    // The fonts a theme may choose, served from the site (styles.css always loads these two).
    themeFonts(['inter', 'noto-sans-ethiopic']),
    // Brotli and gzip copies of every text asset, made once at build time at the highest levels, so
    // the server sends them by Accept-Encoding without compressing per request. index.html is not
    // among them: the server renders it per request (bootstrap data, CSP nonce) and compresses it
    // on the fly. Source maps are fetched only by developer tools.
    compression({
      include: /\.(js|mjs|css|svg|json|txt|xml|webmanifest)$/,
      exclude: /(^|\/)index\.html$/,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // The chunk every page shares (React Aria's core, TanStack Query, the UI kit, the API client)
        // is named by the bundler after one of its modules, lib/i18n.ts, which read as if it held
        // translations: it holds none (a locale's lines come inline with the bootstrap data).
        chunkFileNames: (chunk) => `assets/${chunk.name === 'i18n' ? 'shared' : '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            // Vendor chunks every first view loads, named so the JavaScript budget is traceable
            // (scripts/bench/web.mjs with BENCH_VERBOSE=1 lists each file a page loads). Only code
            // every page needs goes into them: a group is loaded whole whenever one of its modules is,
            // so React Aria (whose heavier parts are lazy) is not grouped.
            { name: 'vendor-react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
            { name: 'vendor-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
            {
              name: 'vendor-query',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]/,
            },
            // zod and the contracts (response schemas of every operation, built when the module
            // loads) change together and rarely: their own chunk stays cached across app releases.
            // Without the group they sat in a shared chunk named after lib/i18n.ts, with the UI kit.
            // The operation objects (packages/contracts/src/operations) stay out: each feature's
            // operations go with the pages that call them, so a page loads only its own.
            // The admin area's contracts (its lists, users, roles, audit, the permission catalogue)
            // stay out too: they load with the admin pages, so listeners' pages keep their budget.
            {
              name: 'contracts',
              test: /[\\/](?:node_modules[\\/]zod|packages[\\/]contracts[\\/]src[\\/](?!(?:list|audit|users-admin|roles-admin|permission-catalogue)\.ts$)[^\\/]+\.ts$)/,
            },
          ],
        },
      },
    },
  },
  // In development the API runs on its own port; the built app is served by the server itself.
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/api', '/auth', '/secure', '/health'].map((p) => [p, { target: api }])),
  },
});
