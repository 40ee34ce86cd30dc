// Small helpers shared by the project scripts (no dependencies: they run before anything is built).
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

/** Newest modification time below the given paths (files or folders), skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(join(root, p));
  return newest;
}

export function mtimeOf(path) {
  try {
    return statSync(join(root, path)).mtimeMs;
  } catch {
    return 0;
  }
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Builds the web app and the server bundle when their sources are newer than the output. */
export async function buildIfNeeded({ log = console.log } = {}) {
  const contracts = ['packages/contracts/src'];
  const web = [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/first-load.ts',
    ...contracts,
  ];
  if (newestMtime(web) > mtimeOf('apps/web/dist/index.html')) {
    log('Building the web app…');
    if ((await run('npm', ['run', 'build', '-w', '@zema/web', '--silent'])) !== 0) return false;
  }
  const server = ['apps/server/src', 'apps/server/drizzle', 'apps/server/build.mjs', ...contracts];
  if (newestMtime(server) > mtimeOf('apps/server/dist/main.js')) {
    log('Building the server…');
    if ((await run('npm', ['run', 'build', '-w', '@zema/server', '--silent'])) !== 0) return false;
  }
  return true;
}
