/**
 * A streaming WAV (RIFF/WAVE) reader: walks the chunks up to `data`, then turns PCM (8/16/24/32-bit
 * integer) or IEEE float (32/64-bit) bytes into planar float samples chunk by chunk, carrying a
 * partial frame over to the next chunk.
 */
import type { DecodedAudio } from './decoded-audio';

const WAVE_FORMAT_PCM = 1;
const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;

export class WavFormatError extends Error {}

export class WavDecoder {
  #pending: Buffer = Buffer.alloc(0);
  #format: { code: number; channels: number; sampleRate: number; bits: number; blockAlign: number } | null =
    null;
  #inData = false;
  #dataLeft = 0;
  #headerParsed = false;
  #skip = 0;

  decode(input: Uint8Array): DecodedAudio {
    const chunk = this.#skipBytes(input);
    if (chunk.byteLength === 0) return empty();
    this.#pending = this.#pending.length
      ? Buffer.concat([this.#pending, chunk])
      : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (!this.#headerParsed) {
      if (this.#pending.length < 12) return empty();
      if (
        this.#pending.toString('latin1', 0, 4) !== 'RIFF' ||
        this.#pending.toString('latin1', 8, 12) !== 'WAVE'
      ) {
        throw new WavFormatError('Not a RIFF/WAVE file');
      }
      this.#pending = this.#pending.subarray(12);
      this.#headerParsed = true;
    }
    while (!this.#inData) {
      if (this.#pending.length < 8) return empty();
      const id = this.#pending.toString('latin1', 0, 4);
      const size = this.#pending.readUInt32LE(4);
      if (id === 'data') {
        if (!this.#format) throw new WavFormatError('The data chunk comes before the fmt chunk');
        this.#inData = true;
        // Writers that stream to a pipe leave the size at 0 or 0xFFFFFFFF: read to the end then.
        this.#dataLeft = size === 0 || size === 0xffffffff ? Number.POSITIVE_INFINITY : size;
        this.#pending = this.#pending.subarray(8);
        break;
      }
      // Chunks are word aligned.
      const total = 8 + size + (size & 1);
      if (id === 'fmt ') {
        if (size < 16) throw new WavFormatError('The fmt chunk is too short');
        if (this.#pending.length < 8 + size) return empty();
        this.#format = readFormat(this.#pending.subarray(8, 8 + size));
      }
      // Other chunks (LIST, id3, bext…) are skipped as their bytes arrive, never buffered whole.
      if (this.#pending.length >= total) this.#pending = this.#pending.subarray(total);
      else if (id === 'fmt ') return empty();
      else {
        this.#skip = total - this.#pending.length;
        this.#pending = Buffer.alloc(0);
        return empty();
      }
    }
    return this.#samples();
  }

  /** The rest of a skipped chunk that spans several reads. */
  #skipBytes(chunk: Uint8Array): Uint8Array {
    if (this.#skip === 0) return chunk;
    const n = Math.min(this.#skip, chunk.byteLength);
    this.#skip -= n;
    return chunk.subarray(n);
  }

  #samples(): DecodedAudio {
    const f = this.#format!;
    const usable = Math.min(this.#pending.length, this.#dataLeft);
    const frames = Math.floor(usable / f.blockAlign);
    const bytesPerSample = f.bits / 8;
    const channelData = Array.from({ length: f.channels }, () => new Float32Array(frames));
    const buf = this.#pending;
    for (let i = 0; i < frames; i++) {
      const base = i * f.blockAlign;
      for (let c = 0; c < f.channels; c++) {
        const at = base + c * bytesPerSample;
        channelData[c]![i] = readSample(buf, at, f.code, f.bits);
      }
    }
    const consumed = frames * f.blockAlign;
    this.#dataLeft -= consumed;
    this.#pending = Buffer.from(this.#pending.subarray(consumed));
    if (this.#dataLeft < f.blockAlign) this.#pending = Buffer.alloc(0);
    return { channelData, samplesDecoded: frames, sampleRate: f.sampleRate, errors: 0 };
  }
}

function readFormat(fmt: Buffer) {
  let code = fmt.readUInt16LE(0);
  const channels = fmt.readUInt16LE(2);
  const sampleRate = fmt.readUInt32LE(4);
  const blockAlign = fmt.readUInt16LE(12);
  const bits = fmt.readUInt16LE(14);
  if (code === WAVE_FORMAT_EXTENSIBLE && fmt.length >= 26) code = fmt.readUInt16LE(24);
  const supported =
    (code === WAVE_FORMAT_PCM && [8, 16, 24, 32].includes(bits)) ||
    (code === WAVE_FORMAT_IEEE_FLOAT && (bits === 32 || bits === 64));
  if (!supported) throw new WavFormatError(`Unsupported WAV encoding (format ${code}, ${bits} bits)`);
  if (channels < 1 || channels > 32 || sampleRate < 1000 || sampleRate > 768_000) {
    throw new WavFormatError('Implausible WAV channel count or sample rate');
  }
  if (blockAlign !== (channels * bits) / 8) throw new WavFormatError('Inconsistent WAV block alignment');
  return { code, channels, sampleRate, bits, blockAlign };
}

function readSample(buf: Buffer, at: number, code: number, bits: number): number {
  if (code === WAVE_FORMAT_IEEE_FLOAT) return bits === 32 ? buf.readFloatLE(at) : buf.readDoubleLE(at);
  switch (bits) {
    case 8:
      return (buf[at]! - 128) / 128;
    case 16:
      return buf.readInt16LE(at) / 32768;
    case 24:
      return buf.readIntLE(at, 3) / 8388608;
    default:
      return buf.readInt32LE(at) / 2147483648;
  }
}

const empty = (): DecodedAudio => ({ channelData: [], samplesDecoded: 0, sampleRate: 0, errors: 0 });
