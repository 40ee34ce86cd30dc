import optimizeLocales from '@react-aria/optimize-locales-plugin';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type PluginOption, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstLoadModules } from './first-load';
import { themeFonts } from './theme-fonts';

const api = process.env.ZEMA_DEV_API ?? 'http://localhost:8080';

// The plugins that decide which modules a page runs (the rest only write files).
const codePlugins = (): PluginOption[] => [
  // React Aria ships its built-in strings for ~35 locales in every component; Zema's UI languages
  // are English and Amharic (which React Aria does not have, so it falls back to English anyway).
  // Keeping only en-US removes tens of kB gzipped from every page (the budget in
  // docs/benchmarks.md: ≤ 250 kB).
  { ...optimizeLocales.vite({ locales: ['en-US'] }), enforce: 'pre' },
  react(),
  tailwindcss(),
];

export default defineConfig(async ({ command }): Promise<UserConfig> => {
  const firstLoad = command === 'build' ? await firstLoadModules(codePlugins()) : undefined;
  return {
    plugins: [
      ...codePlugins(),
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
              // (scripts/bench/web.mjs with BENCH_VERBOSE=1 lists each file a page loads). They change
              // rarely, so they stay cached across app releases.
              { name: 'vendor-react', test: /[\\/]node_modules[\\/](?:react|react-dom|scheduler)[\\/]/ },
              { name: 'vendor-router', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
              {
                name: 'vendor-query',
                test: /[\\/]node_modules[\\/]@tanstack[\\/](?:react-query|query-core)[\\/]/,
              },
              { name: 'vendor-zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
              // Everything else the first view runs, and nothing more (first-load.ts): the app shell,
              // the parts of React Aria and of the contracts it uses. What only lazy pages use is
              // split by the bundler among those pages.
              // The entry module stays out: it makes the page's one module script, and the chunks it
              // imports become its modulepreload links (the server starts them after first paint).
              ...(firstLoad
                ? [
                    {
                      name: 'first-load',
                      test: (id: string) => firstLoad.has(id) && !/[\\/]src[\\/]main\.tsx$/.test(id),
                    },
                  ]
                : []),
            ],
          },
        },
      },
    },
    // In development the API runs on its own port; the built app is served by the server itself.
    // robots.txt and the sitemap are the server's too (apps/server/src/modules/site).
    server: {
      port: 5173,
      proxy: Object.fromEntries(
        ['/api', '/auth', '/secure', '/health', '/robots.txt', '/sitemap.xml', '/sitemaps/'].map((p) => [
          p,
          { target: api },
        ]),
      ),
    },
  };
});
