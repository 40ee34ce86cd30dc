// `npm start`: build what is stale, then run the server on its embedded defaults (or on whatever
// the environment configures). Signals are forwarded so SIGTERM still shuts down gracefully.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfNeeded, root } from './lib.mjs';

if (!(await buildIfNeeded())) {
  console.error('Build failed; not starting.');
  process.exit(1);
}

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) =>
  process.exit(code ?? (signal === 'SIGTERM' || signal === 'SIGINT' ? 0 : 1)),
);
