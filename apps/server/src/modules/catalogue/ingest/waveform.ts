/**
 * Waveform peaks in one pass without knowing the length in advance: samples fall into buckets of a
 * fixed size; when there are twice as many buckets as wanted, neighbours merge and the bucket size
 * doubles. Memory stays at 2 × `count` numbers whatever the length, and the result covers the
 * whole file exactly (a duration read from the headers may be off, the decoded samples are not).
 */
export const WAVEFORM_PEAKS = 800;

export class WaveformBuilder {
  readonly #count: number;
  readonly #buckets: Float32Array;
  #used = 0;
  #bucketSize = 1;
  #fill = 0;
  #current = 0;

  constructor(count = WAVEFORM_PEAKS) {
    this.#count = count;
    this.#buckets = new Float32Array(count * 2);
  }

  /** Planar samples, −1…1; the peak of a frame is its loudest channel. */
  push(channelData: readonly Float32Array[]): void {
    const length = channelData[0]?.length ?? 0;
    for (let i = 0; i < length; i++) {
      let peak = this.#current;
      for (const channel of channelData) {
        const v = channel[i]!;
        const a = v < 0 ? -v : v;
        if (a > peak) peak = a;
      }
      this.#current = peak;
      if (++this.#fill === this.#bucketSize) this.#closeBucket();
    }
  }

  #closeBucket(): void {
    if (this.#used === this.#buckets.length) {
      for (let i = 0; i < this.#count; i++) {
        this.#buckets[i] = Math.max(this.#buckets[2 * i]!, this.#buckets[2 * i + 1]!);
      }
      this.#used = this.#count;
      this.#bucketSize *= 2;
      // The bucket being closed is half of a doubled one: keep filling it.
      return;
    }
    this.#buckets[this.#used++] = this.#current;
    this.#current = 0;
    this.#fill = 0;
  }

  /** `count` peaks scaled to 0–255 (linear amplitude; full scale = 255). */
  result(): number[] {
    const used = this.#used + (this.#fill > 0 ? 1 : 0);
    const buckets = this.#buckets.slice(0, used);
    if (this.#fill > 0) buckets[used - 1] = this.#current;
    const out = new Array<number>(this.#count).fill(0);
    if (used === 0) return out;
    for (let i = 0; i < this.#count; i++) {
      const from = Math.floor((i * used) / this.#count);
      const to = Math.max(from + 1, Math.floor(((i + 1) * used) / this.#count));
      let peak = 0;
      for (let b = from; b < to; b++) peak = Math.max(peak, buckets[b]!);
      out[i] = Math.round(Math.min(1, peak) * 255);
    }
    return out;
  }
}
