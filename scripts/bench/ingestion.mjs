// Ingestion time per track (decision 0030): analyseAudioFile (tags, cover, SHA-256, decode,
// waveform, EBU R128 loudness and true peak) on a generated 5-minute 320 kbps MP3, next to two
// references measured in the same run on the same file: ffmpeg's own decoder + ebur128 meter
// (native code doing the decode-and-measure part) and music-metadata's parse alone (tags only).
// Also the process's RSS growth during the analysis (it streams: no PCM is held).
//
// Run by `npm run bench`, or alone (it loads the server's TypeScript through tsx):
//   node --import tsx scripts/bench/ingestion.mjs
// BENCH_INGEST_RUNS (default 3) timed runs each; the median is printed.
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseFile } from 'music-metadata';
import { analyseAudioFile } from '../../apps/server/src/modules/catalogue/index.ts';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_INGEST_RUNS ?? 3);

if (spawnSync('ffmpeg', ['-version']).status !== 0) {
  console.log('\nIngestion: skipped (ffmpeg is needed to generate the test file and for the reference)');
  process.exit(0);
}

const dir = mkdtempSync(join(tmpdir(), 'zema-ingest-bench-'));
const file = join(dir, 'five-minutes.mp3');
const warmup = join(dir, 'warmup.mp3');
try {
  // A tone over pink noise with a slow swell: varied enough that the true-peak meter works.
  await run('ffmpeg', [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=220:duration=300'],
    ...['-f', 'lavfi', '-i', 'anoisesrc=color=pink:duration=300:amplitude=0.25:seed=3'],
    ...['-filter_complex', '[0][1]amix=inputs=2,volume=0.5+0.4*sin(2*PI*t/20):eval=frame'],
    ...['-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '320k', file],
  ]);
  await run('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=duration=2', warmup]);
  await analyseAudioFile(warmup);

  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  async function time(fn) {
    const times = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await fn();
      times.push(performance.now() - t0);
    }
    return median(times);
  }

  const before = process.memoryUsage().rss;
  let peakRss = before;
  let analysis;
  const ours = await time(async () => {
    analysis = await analyseAudioFile(file, {
      onProgress: () => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      },
    });
  });
  const ffmpegMeter = await time(() =>
    run('ffmpeg', [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-i',
      file,
      '-af',
      'ebur128=peak=true',
      '-f',
      'null',
      '-',
    ]),
  );
  const tagsOnly = await time(() => parseFile(file, { duration: true }));

  const mb = (statSync(file).size / 1024 / 1024).toFixed(1);
  const seconds = analysis.durationMs / 1000;
  console.log(`\nIngestion of a 5-minute 320 kbps MP3 (${mb} MB), median of ${RUNS}`);
  console.log(
    `  analyseAudioFile                       ${ours.toFixed(0)} ms per track   (${(seconds / (ours / 1000)).toFixed(0)}× real time)   RSS growth ${((peakRss - before) / 1024 / 1024).toFixed(1)} MB`,
  );
  console.log(
    `  ffmpeg decode + ebur128=peak=true      ${ffmpegMeter.toFixed(0)} ms   (process start included)`,
  );
  console.log(`  music-metadata parse alone (tags)      ${tagsOnly.toFixed(0)} ms`);
  console.log(`  ratio: ${(ours / ffmpegMeter).toFixed(2)}× ffmpeg's meter`);
  console.log(
    `  measured: ${analysis.loudness?.integratedLufs} LUFS, ${analysis.loudness?.truePeakDb} dBTP, ${analysis.waveform?.length} peaks`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
