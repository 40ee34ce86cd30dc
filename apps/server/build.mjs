// Bundles the server into dist/main.js. Dependencies stay external (installed node_modules, native
// addons such as argon2, PGlite's wasm files) except @zema/contracts, which is TypeScript source
// and must be compiled in. Migrations are read from src/db/migrations at run time.
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const bundled = new Set(['@zema/contracts']);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies })
  .filter((name) => !bundled.has(name))
  .flatMap((name) => [name, `${name}/*`]);

await rm(join(root, 'dist'), { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'src/main.ts')],
  outfile: join(root, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  // Some dependencies are CommonJS and call require(); ESM output has no require of its own.
  banner: {
    js: "import { createRequire as __zemaCreateRequire } from 'node:module'; const require = __zemaCreateRequire(import.meta.url);",
  },
  logLevel: 'info',
});
