// The radio tests' app (radio.test.ts and its .drivers.test.ts): the hub's quick tuning, a signed-in
// admin and three playable demo songs, listening on a port of its own for the streams.
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, expect } from 'vitest';
import { setTrackAudioFromFile } from '#src/modules/catalogue/index';
import type { RadioTuning } from '#src/modules/radio/index';
import { seedSmallCatalogue } from './catalogue';
import { Client, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD, type TestApp, uniqueSuffix, useApp } from './helpers';
import { DEMO_AUDIO_DIR } from './icecast';

/** The hub's timings in the radio tests: milliseconds where production waits seconds (radio-hub.ts). */
export const RADIO_TUNING = {
  allowPrivateAddresses: false,
  tickMs: 200,
  leaseMs: 1_500,
  idleStopMs: 300,
  sourcePollMs: 100,
} satisfies RadioTuning;

/**
 * Registers the file's hooks: an app with the radio `tuning` (RADIO_TUNING and `more`) and a live
 * namespace of its own, an admin signed in, four tracks of which the first three play a 46 s demo
 * song (the station never plays the fourth, without audio), and the app listening on a port.
 * `admin()`, `base()` (its http://127.0.0.1:port) and `trackIds()` exist inside hooks and tests.
 */
export function useRadioApp(more: RadioTuning = {}): {
  t: TestApp;
  tuning: RadioTuning;
  admin: () => Client;
  base: () => string;
  trackIds: () => number[];
} {
  const tuning = { ...RADIO_TUNING, ...more };
  const t = useApp({}, { radio: tuning, live: { namespace: `test-radio-${uniqueSuffix()}:` } });
  let admin: Client;
  let base = '';
  let trackIds: number[] = [];
  beforeAll(async () => {
    admin = new Client(t.app);
    const res = await admin.post('/auth/login', { email: TEST_ADMIN_EMAIL, password: TEST_ADMIN_PASSWORD });
    expect(res.statusCode).toBe(200);
    const seeded = await seedSmallCatalogue(t.deps, 'Radio', 4);
    trackIds = seeded.trackIds;
    const files = ['bole-nights-01.mp3', 'bole-nights-02.mp3', 'bole-nights-03.mp3'];
    for (const [i, file] of files.entries()) {
      await setTrackAudioFromFile(t.deps, trackIds[i]!, await readFile(join(DEMO_AUDIO_DIR, file)));
    }
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  return { t, tuning, admin: () => admin, base: () => base, trackIds: () => trackIds };
}
