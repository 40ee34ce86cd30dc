import { describe, expect, it } from 'vitest';
import { WAVEFORM_PEAKS, WaveformBuilder } from './waveform';

function build(samples: Float32Array, chunk: number, count = WAVEFORM_PEAKS) {
  const builder = new WaveformBuilder(count);
  for (let at = 0; at < samples.length; at += chunk) builder.push([samples.subarray(at, at + chunk)]);
  return builder.result();
}

describe('WaveformBuilder', () => {
  it('returns the fixed count of peaks, 0–255, following a rising ramp across the whole file', () => {
    const length = 1_234_567;
    const ramp = new Float32Array(length);
    for (let i = 0; i < length; i++) ramp[i] = (i % 2 ? -1 : 1) * (i / length);
    const peaks = build(ramp, 4093);
    expect(peaks).toHaveLength(WAVEFORM_PEAKS);
    for (const [i, p] of peaks.entries()) {
      expect(Number.isInteger(p)).toBe(true);
      // Peak i covers the i-th 800th of the file, whose loudest sample is near its end.
      expect(Math.abs(p - (255 * (i + 1)) / WAVEFORM_PEAKS)).toBeLessThanOrEqual(2);
    }
    expect(peaks.at(-1)).toBe(255);
  });

  it('places a burst where it is in the file', () => {
    const samples = new Float32Array(800_000);
    samples.fill(0.5, 400_000, 401_000); // one thousandth, half-way through
    const peaks = build(samples, 10_000);
    const loud = peaks.flatMap((p, i) => (p > 0 ? [i] : []));
    expect(loud.length).toBeGreaterThanOrEqual(1);
    expect(loud.length).toBeLessThanOrEqual(3);
    expect(loud[0]).toBeGreaterThanOrEqual(398);
    expect(loud.at(-1)).toBeLessThanOrEqual(402);
    expect(Math.max(...peaks)).toBe(128);
  });

  it('takes the loudest channel and clamps overs to 255', () => {
    const builder = new WaveformBuilder(4);
    builder.push([new Float32Array([0.1, 0.1, 0.1, 0.1]), new Float32Array([-0.5, 0.2, 1.5, 0])]);
    expect(builder.result()).toEqual([128, 51, 255, 26]);
  });

  it('stretches a file shorter than the count and gives zeros for no audio', () => {
    expect(build(new Float32Array([1, 0]), 1, 4)).toEqual([255, 255, 0, 0]);
    expect(new WaveformBuilder(5).result()).toEqual([0, 0, 0, 0, 0]);
  });

  it('does not depend on chunk sizes', () => {
    const noise = new Float32Array(300_001);
    let seed = 1;
    for (let i = 0; i < noise.length; i++) {
      seed = (seed * 16807) % 2147483647;
      noise[i] = seed / 2147483647 - 0.5;
    }
    expect(build(noise, 1)).toEqual(build(noise, 65_536));
  });
});
