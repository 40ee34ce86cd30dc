import { describe, expect, it } from 'vitest';
import { kWeightingFilters, LoudnessMeter } from './loudness';

/** `seconds` of a sine of peak `amplitude` at `frequency` Hz. */
function sine(sampleRate: number, seconds: number, frequency: number, amplitude: number, phase = 0) {
  const out = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < out.length; i++)
    out[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate + phase);
  return out;
}

function measure(sampleRate: number, channels: Float32Array[], chunk = 4096) {
  const meter = new LoudnessMeter(sampleRate, channels.length);
  for (let at = 0; at < channels[0]!.length; at += chunk) {
    meter.push(channels.map((c) => c.subarray(at, at + chunk)));
  }
  return meter.result();
}

describe('K-weighting', () => {
  it('equals the BS.1770-4 coefficients at 48 kHz', () => {
    const [shelf, highPass] = kWeightingFilters(48_000);
    expect(shelf.b0).toBeCloseTo(1.53512485958697, 10);
    expect(shelf.b1).toBeCloseTo(-2.69169618940638, 10);
    expect(shelf.b2).toBeCloseTo(1.19839281085285, 10);
    expect(shelf.a1).toBeCloseTo(-1.69065929318241, 10);
    expect(shelf.a2).toBeCloseTo(0.73248077421585, 10);
    expect(highPass.a1).toBeCloseTo(-1.99004745483398, 10);
    expect(highPass.a2).toBeCloseTo(0.99007225036621, 10);
  });
});

describe('LoudnessMeter', () => {
  it('reads a 0 dBFS 1 kHz sine in one channel as −3.01 LUFS (BS.1770-4 calibration)', () => {
    const { integratedLufs } = measure(48_000, [sine(48_000, 5, 1000, 1)]);
    expect(integratedLufs).toBeCloseTo(-3.01, 1);
  });

  it('adds the channels: the same sine at −20 dBFS in both reads −20 LUFS', () => {
    const s = sine(48_000, 5, 1000, 0.1);
    expect(measure(48_000, [s, s]).integratedLufs).toBeCloseTo(-20, 1);
  });

  it('measures the same at 44.1 kHz as at 48 kHz', () => {
    const a = measure(44_100, [sine(44_100, 5, 1000, 0.25)]).integratedLufs!;
    const b = measure(48_000, [sine(48_000, 5, 1000, 0.25)]).integratedLufs!;
    expect(Math.abs(a - b)).toBeLessThan(0.05);
  });

  it('does not depend on how the samples are chunked', () => {
    const s = sine(44_100, 3, 440, 0.3);
    const whole = measure(44_100, [s], s.length);
    expect(measure(44_100, [s], 1)).toEqual(whole);
    expect(measure(44_100, [s], 999)).toEqual(whole);
  });

  it('gates out quiet passages 10 LU below the rest (relative gate)', () => {
    const sampleRate = 48_000;
    const loud = sine(sampleRate, 10, 1000, 0.1);
    const quiet = sine(sampleRate, 10, 1000, 0.001);
    const both = new Float32Array(loud.length + quiet.length);
    both.set(loud);
    both.set(quiet, loud.length);
    // Ungated, 10 s at −23 and 10 s at −63 would average to about −26 LUFS; gated, the quiet half
    // is out and only the few blocks straddling the change pull the figure down a little.
    const { integratedLufs } = measure(sampleRate, [both]);
    expect(integratedLufs!).toBeGreaterThan(-23.2);
    expect(integratedLufs!).toBeLessThan(-22.95);
  });

  it('reports silence as null rather than a number (absolute gate)', () => {
    expect(measure(48_000, [new Float32Array(48_000 * 2)])).toEqual({
      integratedLufs: null,
      truePeakDb: null,
    });
    // −80 dBFS is audible to a meter but under the −70 LUFS gate.
    expect(measure(48_000, [sine(48_000, 2, 1000, 0.0001)]).integratedLufs).toBeNull();
  });

  it('finds the peak between samples (4× oversampling)', () => {
    // fs/4 with a 45° phase: every sample sits at ±0.707 of the real peak (−3 dB below it).
    const s = sine(48_000, 1, 12_000, 0.5, Math.PI / 4);
    const samplePeakDb = 20 * Math.log10(Math.max(...s.map(Math.abs)));
    expect(samplePeakDb).toBeCloseTo(-9.03, 1);
    const { truePeakDb } = measure(48_000, [s]);
    expect(truePeakDb!).toBeGreaterThan(-6.02 - 0.3);
    expect(truePeakDb!).toBeLessThan(-6.02 + 0.3);
  });

  it('never reads the true peak below the sample peak', () => {
    const s = sine(44_100, 1, 100, 0.8);
    expect(measure(44_100, [s]).truePeakDb!).toBeGreaterThanOrEqual(20 * Math.log10(0.8) - 0.01);
  });

  it('weights surround channels and leaves LFE out', () => {
    const s = sine(48_000, 3, 1000, 0.1);
    const silent = new Float32Array(s.length);
    const front = measure(48_000, [s, silent, silent, silent, silent, silent]).integratedLufs!;
    const lfe = measure(48_000, [silent, silent, silent, s, silent, silent]).integratedLufs;
    const surround = measure(48_000, [silent, silent, silent, silent, s, silent]).integratedLufs!;
    expect(lfe).toBeNull();
    expect(surround - front).toBeCloseTo(10 * Math.log10(1.41), 1);
  });

  it('refuses a meter without a sample rate', () => {
    expect(() => new LoudnessMeter(0, 2)).toThrow(RangeError);
  });
});
