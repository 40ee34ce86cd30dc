import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '#src/config';
import { buildTestApp } from '#test/helpers';
import { firstStartBox } from './first-start';

describe('the first-start box', () => {
  it('frames the URL, the generated admin login and where mail goes, each line the same width', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'zema-box-'));
    try {
      await writeFile(join(dataDir, 'admin-credentials.txt'), 'admin@zema.local\nAbcdefgh12345678\n');
      const config = loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://localhost:8080' });
      const box = firstStartBox(config).split('\n');
      expect(box[0]).toMatch(/^┌─+┐$/);
      expect(box.at(-1)).toMatch(/^└─+┘$/);
      expect(new Set(box.map((l) => l.length)).size).toBe(1);
      const text = box.join('\n');
      expect(text).toContain('Zema is running at http://localhost:8080');
      expect(text).toContain('Admin login: admin@zema.local / Abcdefgh12345678');
      expect(text).toContain(`Mail is written to ${join(dataDir, 'mail')}`);
      const smtp = firstStartBox(
        loadConfig({ DATA_DIR: dataDir, MAIL_URL: 'smtp://user:secret@mail.example.com:587' }),
      );
      expect(smtp).toContain('Mail goes out through mail.example.com:587');
      expect(smtp).not.toContain('secret');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('request lines', () => {
  async function levelsOfRequestLines(env: Record<string, string>) {
    const lines: string[] = [];
    const t = await buildTestApp(
      { LOG_LEVEL: 'debug', ...env },
      { logStream: { write: (line: string) => void lines.push(line) } },
    );
    try {
      await t.app.inject({ url: '/health' });
      await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    } finally {
      await t.close();
    }
    return lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')
      .map((l) => l.level);
  }

  it('are at info in JSON lines, and at debug in the readable log (shown only when asked for)', async () => {
    const json = await levelsOfRequestLines({ LOG_FORMAT: 'json' });
    expect(json.length).toBeGreaterThanOrEqual(3);
    expect(new Set(json)).toEqual(new Set([30]));
    const pretty = await levelsOfRequestLines({ LOG_FORMAT: 'pretty' });
    expect(pretty.length).toBe(json.length);
    expect(new Set(pretty)).toEqual(new Set([20]));
  });
});
