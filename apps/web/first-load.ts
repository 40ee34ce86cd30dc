import { build, type PluginOption, type Rolldown } from 'vite';

/**
 * The modules a first view runs: what `src/main.tsx` reaches through static imports, after tree
 * shaking, with every dynamic `import()` left out. Found by a quick build of that graph alone
 * (about 2 s), before the real build.
 *
 * Why: the bundler assigns whole modules to chunks. A module the first view reaches only for a
 * small part (React Aria's `Menu.mjs` for a context that `Popover` reads, say) lands in a chunk
 * every page loads, and the parts only lazy pages use come with it; shared modules that only lazy
 * chunks use were also merged into that chunk. Naming the first view's modules exactly, as one
 * group, keeps the code of lazy pages out of the first load (docs/benchmarks.md, the web budget).
 */
export async function firstLoadModules(plugins: PluginOption[]): Promise<ReadonlySet<string>> {
  const result = await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'silent',
    plugins: [
      ...plugins,
      {
        name: 'zema-first-load-only',
        enforce: 'pre',
        resolveDynamicImport: (specifier) => ({ id: String(specifier), external: true }),
      },
    ],
    build: {
      write: false,
      sourcemap: false,
      minify: false,
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const ids = new Set<string>();
  for (const output of outputs) {
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      for (const [id, module] of Object.entries(item.modules)) {
        if (module.renderedLength > 0) ids.add(id);
      }
    }
  }
  if (ids.size === 0) throw new Error('first-load: the first view reached no module');
  return ids;
}
