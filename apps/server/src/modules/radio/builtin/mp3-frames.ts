/**
 * MPEG audio Layer III (MP3) split into whole frames with their durations, for the built-in
 * station's broadcaster: it paces a stream by frame durations and cuts songs only between frames.
 * A frame header alone gives the frame's length and sample count (ISO 11172-3 / 13818-3), so this
 * needs no decoder and copies nothing when the frames are contiguous.
 */

/** Bitrates (kbps) by index, Layer III: MPEG-1, then MPEG-2 and 2.5. Index 0 (free) and 15 are refused. */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates by index for the version bits 0 (MPEG-2.5), 2 (MPEG-2), 3 (MPEG-1); 1 is reserved. */
const SAMPLE_RATES: Record<number, readonly number[]> = {
  0: [11025, 12000, 8000],
  2: [22050, 24000, 16000],
  3: [44100, 48000, 32000],
};

export type FrameHeader = {
  /** 3 = MPEG-1, 2 = MPEG-2, 0 = MPEG-2.5 (the header's version bits). */
  version: number;
  bitrate: number;
  sampleRate: number;
  channels: 1 | 2;
  /** Bytes, header included. */
  length: number;
  samples: number;
  /** Bytes between the header (and its CRC) and the main data: where a Xing/Info tag would sit. */
  sideInfoEnd: number;
};

/** The Layer III frame header at `at`, or null when the bytes there are not one. */
export function readFrameHeader(buf: Buffer, at: number): FrameHeader | null {
  if (at + 4 > buf.length) return null;
  const b1 = buf[at + 1]!;
  const b2 = buf[at + 2]!;
  if (buf[at] !== 0xff || (b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  if (version === 1 || ((b1 >> 1) & 3) !== 1) return null;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const v1 = version === 3;
  const bitrate = (v1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]!;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const channels = buf[at + 3]! >> 6 === 3 ? 1 : 2;
  const samples = v1 ? 1152 : 576;
  const length = Math.floor(((samples / 8) * bitrate * 1000) / sampleRate) + padding;
  const crc = (b1 & 1) === 0 ? 2 : 0;
  const sideInfo = v1 ? (channels === 1 ? 17 : 32) : channels === 1 ? 9 : 17;
  return { version, bitrate, sampleRate, channels, length, samples, sideInfoEnd: 4 + crc + sideInfo };
}

export type Mp3Audio = {
  /** The frames, back to back (no tags, no Xing/Info frame, no junk between frames). */
  data: Buffer;
  /** `offsets[i]` is where frame i starts in `data`; `offsets[count]` is `data.length`. */
  offsets: Uint32Array;
  /** `times[i]` is when frame i starts, in ms from the first frame; `times[count]` is the duration. */
  times: Float64Array;
  count: number;
  sampleRate: number;
  channels: 1 | 2;
  /** The first frame's header, for silence of the same format. */
  first: FrameHeader;
};

/** The size of the ID3v2 tag at `at` (header, body and footer), or 0 when there is none. */
function id3v2Size(buf: Buffer, at: number): number {
  if (at + 10 > buf.length || buf.toString('latin1', at, at + 3) !== 'ID3') return 0;
  // The size is "syncsafe": 7 bits a byte, so it never looks like a frame sync.
  let size = 0;
  for (let i = 6; i < 10; i++) size = (size << 7) | (buf[at + i]! & 0x7f);
  const footer = (buf[at + 5]! & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** Whether the frame at `at` is an encoder's Xing/Info/VBRI tag frame (silent, header data only). */
function isTagFrame(buf: Buffer, at: number, h: FrameHeader): boolean {
  const tag = (o: number) => buf.toString('latin1', at + o, at + o + 4);
  return tag(h.sideInfoEnd) === 'Xing' || tag(h.sideInfoEnd) === 'Info' || tag(36) === 'VBRI';
}

/**
 * A header at `at` that starts a run of frames: the next frame must follow with a header of the
 * same version and sample rate (or the buffer must end), so two bytes that merely look like a sync
 * inside a tag or junk are not taken for audio.
 */
function confirmedHeader(buf: Buffer, at: number): FrameHeader | null {
  const h = readFrameHeader(buf, at);
  if (!h) return null;
  const nextAt = at + h.length;
  if (nextAt > buf.length) return null;
  if (nextAt === buf.length) return h;
  const next = readFrameHeader(buf, nextAt);
  return next && next.version === h.version && next.sampleRate === h.sampleRate ? h : null;
}

/**
 * The MP3 frames of a file: skips ID3v2 tags at the start, the Xing/Info/VBRI frame, junk between
 * frames (it resynchronises), an ID3v1/APE/Lyrics tag at the end and a truncated last frame.
 * Throws when the buffer is not Layer III frames (for the most part).
 */
export function parseMp3(buf: Buffer): Mp3Audio {
  let at = 0;
  for (let size = id3v2Size(buf, at); size > 0; size = id3v2Size(buf, at)) at += size;
  const audioStart = at;
  const starts: number[] = [];
  const ends: number[] = [];
  const durations: number[] = [];
  let first: FrameHeader | null = null;
  let contiguous = true;
  while (at + 4 <= buf.length) {
    let h = starts.length > 0 && at === ends[ends.length - 1] ? readFrameHeader(buf, at) : null;
    if (h && first && (h.version !== first.version || h.sampleRate !== first.sampleRate)) h = null;
    if (!h) {
      // Not where the last frame said the next one starts: look for the next confirmed frame.
      let found = -1;
      for (let i = at; i + 4 <= buf.length; i++) {
        if (buf[i] !== 0xff) continue;
        const c = confirmedHeader(buf, i);
        if (c && (!first || (c.version === first.version && c.sampleRate === first.sampleRate))) {
          found = i;
          h = c;
          break;
        }
      }
      if (found === -1 || !h) break;
      if (starts.length > 0) contiguous = false;
      at = found;
    }
    if (at + h.length > buf.length) break;
    if (!first && isTagFrame(buf, at, h)) {
      at += h.length;
      continue;
    }
    first ??= h;
    starts.push(at);
    ends.push(at + h.length);
    durations.push((h.samples * 1000) / h.sampleRate);
    at += h.length;
  }
  if (!first) throw new Error('No MP3 frames');
  const count = starts.length;
  // Another format (FLAC, AAC) can hold a few byte pairs that look like frames by chance: real
  // MP3 is frames nearly throughout.
  const frameBytes = ends.reduce((sum, end, i) => sum + end - starts[i]!, 0);
  if (frameBytes * 2 < buf.length - audioStart) throw new Error('No MP3 frames: mostly other data');
  const offsets = new Uint32Array(count + 1);
  const times = new Float64Array(count + 1);
  let data: Buffer;
  if (contiguous) {
    data = buf.subarray(starts[0], ends[count - 1]);
    for (let i = 0; i < count; i++) offsets[i] = starts[i]! - starts[0]!;
  } else {
    data = Buffer.allocUnsafe(frameBytes);
    let o = 0;
    for (let i = 0; i < count; i++) {
      offsets[i] = o;
      o += buf.copy(data, o, starts[i], ends[i]);
    }
  }
  offsets[count] = data.length;
  for (let i = 0; i < count; i++) times[i + 1] = times[i]! + durations[i]!;
  return { data, offsets, times, count, sampleRate: first.sampleRate, channels: first.channels, first };
}

/**
 * One frame of digital silence in the format of `audio`'s first frame: the header without CRC or padding, then zeros
 * (no main data, no Huffman bits: every decoder outputs zeros). It fills the stream while the next
 * song is not ready, so listeners keep a valid stream of the same format instead of a stall.
 */
export function silentFrame(audio: Mp3Audio): Buffer {
  const { samples, bitrate, sampleRate } = audio.first;
  const frame = Buffer.alloc(Math.floor(((samples / 8) * bitrate * 1000) / sampleRate));
  audio.data.copy(frame, 0, 0, 4);
  frame[1] = frame[1]! | 1; // protection bit set: no CRC follows
  frame[2] = frame[2]! & ~2; // no padding byte
  return frame;
}
