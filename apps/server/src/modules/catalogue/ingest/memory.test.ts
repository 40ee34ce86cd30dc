import { afterAll, beforeAll, expect, it } from 'vitest';
import { audioFixtureDir, ffmpeg } from '#test/audio-fixtures';
import { analyseAudioFile } from './index';

let fx: Awaited<ReturnType<typeof audioFixtureDir>>;

beforeAll(async () => {
  fx = await audioFixtureDir();
  // Five minutes of a tone over pink noise at 320 kbps: 12 MB of MP3, 106 MB as float PCM.
  await ffmpeg(
    ...[
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=997:duration=300',
      '-f',
      'lavfi',
      '-i',
      'anoisesrc=color=pink:duration=300:amplitude=0.2',
    ],
    ...['-filter_complex', 'amix=inputs=2', '-ar', '44100', '-ac', '2', '-b:a', '320k', fx.path('long.mp3')],
  );
  await ffmpeg('-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-ac', '2', fx.path('short.mp3'));
}, 120_000);
afterAll(() => fx?.cleanup());

it('analyses a 5-minute MP3 with memory that does not grow with the file', async () => {
  // Warm up: the decoder's WASM module and the image library load once per process.
  await analyseAudioFile(fx.path('short.mp3'));
  const before = process.memoryUsage().rss;
  let peak = before;
  const analysis = await analyseAudioFile(fx.path('long.mp3'), {
    onProgress: () => {
      peak = Math.max(peak, process.memoryUsage().rss);
    },
  });
  peak = Math.max(peak, process.memoryUsage().rss);
  expect(analysis.durationMs).toBeGreaterThan(299_000);
  expect(analysis.durationMs).toBeLessThan(301_000);
  expect(analysis.bitrate).toBe(320);
  expect(analysis.waveform).toHaveLength(800);
  // Holding the decoded PCM would add 106 MB (the file itself 12 MB). Streaming costs a few read
  // chunks plus what the JS heap and the decoder's WASM memory settle at: about 30–40 MB here,
  // the same for a file twice as long.
  expect((peak - before) / 1024 / 1024).toBeLessThan(64);
}, 180_000);
