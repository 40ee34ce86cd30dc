import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type IcecastServer, recordReadings, startIcecast } from '#test/icecast';
import { SOURCE_MESSAGES } from './errors';
import { parseIcecastStatus } from './icecast';
import { readSourceOnce, watchSource } from './index';
import type { SourceReading } from './types';

// One real Icecast (Debian's icecast2, fed by ffmpeg) for the file: it starts with one mount, and
// the tests after the first add a second one, in order.
let ice: IcecastServer;
const watchers: AbortController[] = [];
const local = { allowPrivateAddresses: true };

beforeAll(async () => {
  ice = await startIcecast({ title: 'Mahmoud Ahmed - Ere Mela Mela' });
});
afterAll(async () => {
  for (const w of watchers) w.abort();
  await ice?.stop();
});

const icecast = (mounts: string[] = []) => ({ kind: 'icecast' as const, base_url: ice.baseUrl, mounts });
const rawSource = async () =>
  (
    JSON.parse(await (await fetch(`${ice.baseUrl}/status-json.xsl`)).text()) as {
      icestats: { source: unknown };
    }
  ).icestats.source;

/** Starts a watcher whose readings the test waits on; stopped after the file. */
function watch(config: Parameters<typeof watchSource>[0], opts: Parameters<typeof watchSource>[4] = {}) {
  const readings = recordReadings<SourceReading>();
  const controller = new AbortController();
  watchers.push(controller);
  const done = watchSource(config, [], (r) => readings.push(r), controller.signal, { ...local, ...opts });
  done.catch(() => undefined);
  return { readings, done, stop: () => controller.abort() };
}

const titled = (title: string) => (r: SourceReading) => r.song?.title === title;

describe('Icecast status-json.xsl (a real icecast2)', () => {
  it('reads one mount, which Icecast lists as an object', async () => {
    expect(Array.isArray(await rawSource())).toBe(false);
    for (const mounts of [['/live.mp3'], []]) {
      expect(await readSourceOnce(icecast(mounts), [], local)).toEqual({
        song: {
          title: 'Ere Mela Mela',
          artist: 'Mahmoud Ahmed',
          album: null,
          art: null,
          startedAt: null,
          duration: null,
        },
        listeners: 0,
      });
    }
    await expect(readSourceOnce(icecast(['/nowhere.mp3']), [], local)).rejects.toThrow(
      SOURCE_MESSAGES.mountNotFound,
    );
  });

  it('reads several mounts, which Icecast lists as an array: the station’s first with a title, listeners summed', async () => {
    await ice.addSource('/second.mp3', 'Aster Aweke - Abebayehosh');
    expect(Array.isArray(await rawSource())).toBe(true);

    expect((await readSourceOnce(icecast(['/second.mp3']), [], local)).song?.title).toBe('Abebayehosh');
    expect((await readSourceOnce(icecast(['/second.mp3', '/live.mp3']), [], local)).song?.artist).toBe(
      'Aster Aweke',
    );
    expect((await readSourceOnce(icecast(['/nowhere.mp3', '/live.mp3']), [], local)).song?.artist).toBe(
      'Mahmoud Ahmed',
    );

    // A listener on each mount (ICY readers of the real streams): the station's mounts add up.
    const listeners = [
      watch({ kind: 'icy', url: ice.streamUrl('/live.mp3') }),
      watch({ kind: 'icy', url: ice.streamUrl('/second.mp3') }),
    ];
    await Promise.all(listeners.map((l) => l.readings.waitFor(() => true)));
    const all = watch(icecast([]), { pollMs: 100 });
    const second = watch(icecast(['/second.mp3']), { pollMs: 100 });
    await all.readings.waitFor((r) => r.listeners === 2);
    await second.readings.waitFor((r) => r.listeners === 1);
    for (const w of [...listeners, all, second]) w.stop();
    await Promise.all([...listeners, all, second].map((w) => w.done));
  });

  it('sees a new title well within the page’s 2 s budget, at the default poll', async () => {
    const { readings, stop, done } = watch(icecast(['/live.mp3']));
    const first = await readings.waitFor(() => true);
    expect(first.value.song?.startedAt).toBeNull(); // when the first song began is unknown

    const started = performance.now();
    await ice.setTitle('/live.mp3', 'Tilahun Gessesse - Tizita');
    const seen = await readings.waitFor(titled('Tizita'), 5000);
    const elapsed = seen.at - started;
    // Icecast applies a title with the next audio (~0.3 s at 32 kbps), then one poll (≤ 1 s).
    expect(elapsed).toBeLessThan(1800);
    expect(seen.value.song).toMatchObject({ artist: 'Tilahun Gessesse', duration: null });
    // The moment the change was seen stands for when the song began.
    expect(Date.parse(seen.value.song?.startedAt ?? '')).toBeGreaterThan(Date.now() - 10_000);
    stop();
    await done;
  });

  it('keeps titles Icecast prints as invalid JSON (".5", "-") or as character references (Amharic)', async () => {
    const { readings, stop, done } = watch(icecast(['/live.mp3']), { pollMs: 100 });
    for (const title of ['.5', '-', 'Alemayehu Eshete - 1.50']) {
      await ice.setTitle('/live.mp3', title);
      const expected = title.includes(' - ') ? '1.50' : title;
      await readings.waitFor(titled(expected));
    }
    // Icecast keeps an MP3 mount's title in Latin-1 and shows other characters as &#4901;.
    await ice.setTitle('/live.mp3', 'ጥላሁን ገሠሠ - ትዝታ');
    expect((await readings.waitFor(titled('ትዝታ'))).value.song?.artist).toBe('ጥላሁን ገሠሠ');
    stop();
    await done;
  });
});

describe('ICY metadata in the real stream', () => {
  it('emits the title now, then each new one (Latin-1 in the stream, apostrophes kept)', async () => {
    // url null: the station's first stream is read.
    const controller = new AbortController();
    watchers.push(controller);
    const icy = recordReadings<SourceReading>();
    const watching = watchSource(
      { kind: 'icy', url: null },
      [{ url: ice.streamUrl('/live.mp3'), format: 'mp3' }],
      (r) => icy.push(r),
      controller.signal,
      local,
    );
    await icy.waitFor(() => true);
    expect(icy.items[0]?.value.listeners).toBeNull();

    const started = performance.now();
    await ice.setTitle('/live.mp3', 'Bahta Gebre-Heywet - Don’t say “Adieu” – Éthiopie');
    // Icecast sends MP3 metadata in Latin-1, other characters as references (&#8217;): both read back.
    const seen = await icy.waitFor((r) => r.song?.artist === 'Bahta Gebre-Heywet', 5000);
    expect(seen.at - started).toBeLessThan(1800);
    expect(seen.value.song?.title).toBe('Don’t say “Adieu” – Éthiopie');
    await ice.setTitle('/live.mp3', "Hirut Bekele - Don't Cry, Élan");
    const latin = await icy.waitFor((r) => r.song?.artist === 'Hirut Bekele', 5000);
    expect(latin.value.song?.title).toBe("Don't Cry, Élan");
    controller.abort();
    await watching;
  });

  it('refuses a station with no stream to read', async () => {
    await expect(readSourceOnce({ kind: 'icy', url: null }, [], local)).rejects.toThrow(
      SOURCE_MESSAGES.noStream,
    );
  });
});

describe('parseIcecastStatus', () => {
  const doc = (source: string) => `{"icestats":{"admin":"a","host":"h",${source}"dummy":null}}`;
  it('normalises no mount, one (an object) and several (an array)', () => {
    expect(parseIcecastStatus(doc(''))).toEqual([]);
    expect(
      parseIcecastStatus(doc('"source":{"listeners":3,"listenurl":"http://h:8000/a.mp3","title":"X - Y"},')),
    ).toEqual([{ mount: '/a.mp3', title: 'X - Y', artist: null, listeners: 3 }]);
    expect(
      parseIcecastStatus(
        doc(
          '"source":[{"listeners":1,"listenurl":"http://h/a.ogg","artist":"A","title":"T"},{"listeners":2,"listenurl":"http://h/b.mp3"}],',
        ),
      ),
    ).toEqual([
      { mount: '/a.ogg', title: 'T', artist: 'A', listeners: 1 },
      { mount: '/b.mp3', title: null, artist: null, listeners: 2 },
    ]);
  });

  it('reads what some versions print as invalid JSON', () => {
    const quirky = doc(
      '"source":{"genre":,"listeners":4,"listenurl":"http://h/a.mp3","server_name":007,"title":-,"x":.5,"y":true,"z":"a\tb"},',
    );
    expect(() => JSON.parse(quirky)).toThrow();
    expect(parseIcecastStatus(quirky)).toEqual([{ mount: '/a.mp3', title: '-', artist: null, listeners: 4 }]);
    expect(parseIcecastStatus(doc('"source":{"listenurl":"http://h/a.mp3","title":.5},'))[0]?.title).toBe(
      '.5',
    );
    expect(() => parseIcecastStatus('<html><body>404</body></html>')).toThrow(SyntaxError);
    expect(() => parseIcecastStatus('{"other":1}')).toThrow(SyntaxError);
  });
});
