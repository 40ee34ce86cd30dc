/**
 * Integrated loudness and true peak after ITU-R BS.1770-4 / EBU R128, measured in one streaming
 * pass: the meter keeps per-channel filter state, the energy of the current 100 ms step and one
 * number per 400 ms block (36 000 numbers for an hour of audio), never the samples themselves.
 * See docs/decisions/0029-loudness-measured-in-process.md for why this is not a library.
 */

/** BS.1770 channel weights by position for the common 5.1 order (L R C LFE Ls Rs): LFE is left out. */
const SURROUND_WEIGHTS = [1, 1, 1, 0, 1.41, 1.41];

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;
/** Oversampling factor the true-peak meter uses per sample rate (BS.1770-4 Annex 2: ≥ 192 kHz). */
const truePeakFactor = (sampleRate: number) => (sampleRate < 96_000 ? 4 : sampleRate < 192_000 ? 2 : 1);
/** Taps per polyphase branch of the interpolation filter (48 in all at 4×, as in BS.1770-4 Annex 2). */
const TAPS_PER_PHASE = 12;
/** Samples per stretch the true-peak meter decides to interpolate or skip. */
const PEAK_BLOCK = 64;

type Biquad = { b0: number; b1: number; b2: number; a1: number; a2: number };

/**
 * The two K-weighting stages (a high shelf modelling the head, then the RLB high-pass) derived for
 * any sample rate from their analogue prototypes, as libebur128 does; at 48 kHz they equal the
 * coefficients printed in BS.1770-4.
 */
export function kWeightingFilters(sampleRate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / sampleRate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b0: (vh + (vb * k) / q + k * k) / a0,
    b1: (2 * (k * k - vh)) / a0,
    b2: (vh - (vb * k) / q + k * k) / a0,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / sampleRate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = {
    b0: 1,
    b1: -2,
    b2: 1,
    a1: (2 * (k * k - 1)) / a0,
    a2: (1 - k / q + k * k) / a0,
  };
  return [shelf, highPass];
}

/**
 * Polyphase branches of a windowed-sinc low-pass for `factor`× interpolation, each normalised to a
 * DC gain of 1 so a constant signal never reads above its level.
 */
function interpolationPhases(factor: number): Float64Array[] {
  const length = factor * TAPS_PER_PHASE;
  const centre = (length - 1) / 2;
  const h = new Float64Array(length);
  for (let n = 0; n < length; n++) {
    const x = (n - centre) / factor;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    // Blackman window: low ripple, so peaks of full-scale material are not overstated.
    const w =
      0.42 -
      0.5 * Math.cos((2 * Math.PI * n) / (length - 1)) +
      0.08 * Math.cos((4 * Math.PI * n) / (length - 1));
    h[n] = sinc * w;
  }
  const phases: Float64Array[] = [];
  for (let p = 0; p < factor; p++) {
    const phase = new Float64Array(TAPS_PER_PHASE);
    let sum = 0;
    for (let t = 0; t < TAPS_PER_PHASE; t++) {
      phase[t] = h[t * factor + p]!;
      sum += phase[t]!;
    }
    for (let t = 0; t < TAPS_PER_PHASE; t++) phase[t]! /= sum;
    phases.push(phase);
  }
  return phases;
}

export type LoudnessResult = {
  /** LUFS; null when every block is below the −70 LUFS gate (silence). */
  integratedLufs: number | null;
  /** dBTP; null for digital silence. */
  truePeakDb: number | null;
};

export class LoudnessMeter {
  readonly #channels: number;
  readonly #weights: number[];
  readonly #shelf: Biquad;
  readonly #highPass: Biquad;
  /** Per channel: x1 x2 y1 y2 of the shelf, then y1 y2 of the high-pass (its x is the shelf's y). */
  readonly #state: Float64Array;
  readonly #stepLength: number;
  #stepFill = 0;
  /** Weighted sum of squares per channel for the 100 ms step being filled. */
  readonly #stepEnergy: Float64Array;
  /** Mean-square energies of the last three complete steps (a block is four). */
  readonly #recentSteps: number[] = [];
  readonly #blocks: number[] = [];
  readonly #phases: Float64Array[];
  /** Per channel, the last TAPS_PER_PHASE − 1 samples (the filter's memory across chunks). */
  readonly #tails: Float32Array[];
  #scratch = new Float32Array(0);
  /** The largest gain any branch of the filter can have (sum of its taps' magnitudes). */
  readonly #filterGain: number;
  #peak = 0;

  constructor(sampleRate: number, channels: number) {
    if (!(sampleRate > 0) || !(channels > 0))
      throw new RangeError('A sample rate and a channel count are needed');
    this.#channels = channels;
    this.#weights = Array.from({ length: channels }, (_, i) =>
      channels >= 5 ? (SURROUND_WEIGHTS[i] ?? 1) : 1,
    );
    [this.#shelf, this.#highPass] = kWeightingFilters(sampleRate);
    this.#state = new Float64Array(channels * 6);
    this.#stepLength = Math.round(sampleRate / 10);
    this.#stepEnergy = new Float64Array(channels);
    this.#phases = interpolationPhases(truePeakFactor(sampleRate));
    this.#tails = Array.from({ length: channels }, () => new Float32Array(TAPS_PER_PHASE - 1));
    this.#filterGain = Math.max(...this.#phases.map((taps) => taps.reduce((sum, t) => sum + Math.abs(t), 0)));
  }

  /** Feeds one chunk of planar samples (one array per channel, equal lengths, −1…1). */
  push(channelData: readonly Float32Array[]): void {
    const length = channelData[0]?.length ?? 0;
    let offset = 0;
    while (offset < length) {
      const take = Math.min(length - offset, this.#stepLength - this.#stepFill);
      for (let c = 0; c < this.#channels; c++) {
        const samples = channelData[c] ?? channelData[0]!;
        this.#stepEnergy[c]! += this.#filter(c, samples, offset, take);
      }
      this.#truePeak(channelData, offset, take);
      this.#stepFill += take;
      offset += take;
      if (this.#stepFill === this.#stepLength) this.#closeStep();
    }
  }

  /** K-weights `count` samples of channel `c` and returns their sum of squares. */
  #filter(c: number, samples: Float32Array, start: number, count: number): number {
    const s = this.#state;
    const o = c * 6;
    const { b0, b1, b2, a1, a2 } = this.#shelf;
    const hp = this.#highPass;
    let x1 = s[o]!;
    let x2 = s[o + 1]!;
    let y1 = s[o + 2]!;
    let y2 = s[o + 3]!;
    let z1 = s[o + 4]!;
    let z2 = s[o + 5]!;
    let sum = 0;
    for (let i = start; i < start + count; i++) {
      const x = samples[i]!;
      const y = b0 * x + b1 * x1 + b2 * x2 - a1 * y1 - a2 * y2;
      const z = y - 2 * y1 + y2 - hp.a1 * z1 - hp.a2 * z2;
      x2 = x1;
      x1 = x;
      y2 = y1;
      y1 = y;
      z2 = z1;
      z1 = z;
      sum += z * z;
    }
    s[o] = x1;
    s[o + 1] = x2;
    s[o + 2] = y1;
    s[o + 3] = y2;
    s[o + 4] = z1;
    s[o + 5] = z2;
    return sum;
  }

  /**
   * Interpolates every channel `factor`× and keeps the largest magnitude seen (sample peak
   * included). A stretch whose input, times the filter's largest gain, cannot beat the peak so far
   * is skipped: exact, and most of a track once its loudest moment has been seen.
   */
  #truePeak(channelData: readonly Float32Array[], start: number, count: number): void {
    const phases = this.#phases;
    const factor = phases.length;
    const history = TAPS_PER_PHASE - 1;
    if (this.#scratch.length < history + count) this.#scratch = new Float32Array(history + count);
    const buf = this.#scratch;
    let peak = this.#peak;
    for (let c = 0; c < this.#channels; c++) {
      const samples = channelData[c] ?? channelData[0]!;
      const tail = this.#tails[c]!;
      // buf[j + history] is sample j of this stretch; the history before it is the previous tail.
      buf.set(tail, 0);
      buf.set(samples.subarray(start, start + count), history);
      for (let block = 0; block < count; block += PEAK_BLOCK) {
        const blockEnd = Math.min(count, block + PEAK_BLOCK);
        let max = 0;
        for (let k = block; k < blockEnd + history; k++) {
          const v = buf[k]!;
          const a = v < 0 ? -v : v;
          if (a > max) max = a;
        }
        if (max > peak) peak = max;
        if (factor === 1 || max * this.#filterGain <= peak) continue;
        peak = interpolatedPeak(buf, block + history, blockEnd + history, phases, peak);
      }
      tail.set(buf.subarray(count, count + history));
    }
    this.#peak = peak;
  }

  #closeStep(): void {
    let energy = 0;
    for (let c = 0; c < this.#channels; c++) {
      energy += this.#weights[c]! * (this.#stepEnergy[c]! / this.#stepLength);
      this.#stepEnergy[c] = 0;
    }
    this.#stepFill = 0;
    const recent = this.#recentSteps;
    if (recent.length === 3) {
      // A 400 ms block = four 100 ms steps of equal length: its mean square is theirs averaged.
      this.#blocks.push((recent[0]! + recent[1]! + recent[2]! + energy) / 4);
      recent.shift();
    }
    recent.push(energy);
  }

  result(): LoudnessResult {
    const loudness = (energy: number) => -0.691 + 10 * Math.log10(energy);
    const absolute = this.#blocks.filter((e) => e > 0 && loudness(e) > ABSOLUTE_GATE_LUFS);
    let integratedLufs: number | null = null;
    if (absolute.length > 0) {
      const relativeGate = loudness(mean(absolute)) + RELATIVE_GATE_LU;
      const gated = absolute.filter((e) => loudness(e) > relativeGate);
      integratedLufs = gated.length > 0 ? round2(loudness(mean(gated))) : null;
    }
    const truePeakDb = this.#peak > 0 ? round2(20 * Math.log10(this.#peak)) : null;
    return { integratedLufs, truePeakDb };
  }
}

/**
 * The largest magnitude of the interpolated signal for the input samples buf[from…to) (each with
 * the TAPS_PER_PHASE − 1 before it). Each input sample is loaded once for all phases.
 */
function interpolatedPeak(
  buf: Float32Array,
  from: number,
  to: number,
  phases: Float64Array[],
  peak: number,
): number {
  if (phases.length === 4) {
    const [p0, p1, p2, p3] = phases as [Float64Array, Float64Array, Float64Array, Float64Array];
    for (let newest = from; newest < to; newest++) {
      let a0 = 0;
      let a1 = 0;
      let a2 = 0;
      let a3 = 0;
      for (let t = 0; t < TAPS_PER_PHASE; t++) {
        const x = buf[newest - t]!;
        a0 += p0[t]! * x;
        a1 += p1[t]! * x;
        a2 += p2[t]! * x;
        a3 += p3[t]! * x;
      }
      const m = Math.max(Math.abs(a0), Math.abs(a1), Math.abs(a2), Math.abs(a3));
      if (m > peak) peak = m;
    }
    return peak;
  }
  for (let newest = from; newest < to; newest++) {
    for (const taps of phases) {
      let acc = 0;
      for (let t = 0; t < TAPS_PER_PHASE; t++) acc += taps[t]! * buf[newest - t]!;
      const a = Math.abs(acc);
      if (a > peak) peak = a;
    }
  }
  return peak;
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const round2 = (n: number) => Math.round(n * 100) / 100;
