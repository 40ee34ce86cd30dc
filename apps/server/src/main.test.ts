import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A named long scenario (docs/testing.md): the real entry point's first start on an empty data
// folder — migrations and the demo catalogue on the embedded database — takes 15-25 s. The child
// gets no DATABASE_URL or REDIS_URL, so it is the same on either leg and runs once.

/** A port nobody listens on now (the OS picks it; it is given back at once for the child to take). */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

describe('main.ts', () => {
  // Readiness, not speed: the test waits for the process to say it listens and for /health to
  // answer, however long a loaded machine takes to start it; only a hang hits the test's limit.
  it('main.ts starts, prints the URL and admin login, answers /health, and exits 0 on SIGTERM', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-main-'));
    const serverRoot = resolve(import.meta.dirname, '..');
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        APP_URL: url,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    try {
      let out = '';
      child.stderr.on('data', (d) => {
        out += d;
      });
      await new Promise<void>((ready, fail) => {
        child.stdout.on('data', (d) => {
          out += d;
          if (/Admin login: admin@zema\.local \/ [A-Za-z0-9]{16}/.test(out)) ready();
        });
        void exited.then((code) => fail(new Error(`exited before it was ready, with ${code}:\n${out}`)));
      });
      expect(out).toContain(`Zema is running at ${url}`);
      // The first-start box says where mail goes; its frame closes after the login line.
      expect(out).toContain(`Mail is written to ${join(dataDir, 'mail')}`);
      expect(out).toMatch(/┌─+┐/);
      // It printed its URL after listening: the server answers there.
      const health = await fetch(`${url}/health`);
      expect(health.status).toBe(200);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    }
    // A generous limit for a first start (migrations, demo catalogue) on a machine busy with other work.
  }, 180_000);
});
