// An S3 store (s3rver, apps/server/test/s3.ts) in a process of its own, for the benchmarks that
// must not serve the store from the load generator's own thread. Prints one line of JSON, the
// S3_* variables that point Zema at it, once it listens; SIGTERM closes it and removes its objects.
//   const store = await startS3Process(); … store.env … await store.stop();
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { root } from '../lib.mjs';

const self = fileURLToPath(import.meta.url);

/** Starts this file as a child process; resolves with its S3_* variables and a stop(). */
export function startS3Process() {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', self, '--serve'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.once('exit', (code) => reject(new Error(`the S3 store exited with ${code}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      const env = JSON.parse(out.slice(0, nl));
      resolve({
        env,
        pid: child.pid,
        stop: () =>
          new Promise((r) => {
            if (child.exitCode !== null) return r();
            child.removeAllListeners('exit');
            child.once('exit', r);
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

if (process.argv[2] === '--serve') {
  const { startS3 } = await import('../../apps/server/test/s3.ts');
  const s3 = await startS3();
  process.stdout.write(`${JSON.stringify(s3.env)}\n`);
  process.once('SIGTERM', async () => {
    await s3.close();
    process.exit(0);
  });
}
