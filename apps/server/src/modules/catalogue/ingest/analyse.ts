import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { msg } from '@zema/contracts';
import { type IAudioMetadata, type IPicture, parseFile } from 'music-metadata';
import sharp from 'sharp';
import { AUDIO_CONTENT_TYPES, type AudioFormat, sniffAudioFormat } from '#src/lib/audio';
import type { IngestedTags } from '#src/modules/backstage/tables';
import { checkDeclaredSizes, DeclaredSizeError, MAX_EMBEDDED_PICTURE_BYTES } from './declared-sizes';
import { createDecoder, type DecodedAudio, NOT_DECODED_REASON, type StreamDecoder } from './decoders';
import { LoudnessMeter, type LoudnessResult } from './loudness';
import { WavFormatError } from './wav';
import { WAVEFORM_PEAKS, WaveformBuilder } from './waveform';

export type AudioAnalysis = {
  /** By magic bytes, never by the file's name. */
  format: AudioFormat;
  mime: string;
  size: number;
  durationMs: number;
  /** kbps. */
  bitrate: number | null;
  sampleRate: number | null;
  channels: number | null;
  /** SHA-256 of the file's bytes, lower-case hex. */
  checksum: string;
  tags: IngestedTags;
  /** The embedded front cover re-encoded as WebP (at most 1000×1000), when there is one. */
  cover: { data: Buffer; mime: 'image/webp' } | null;
  /** WAVEFORM_PEAKS peaks, 0–255; null when the format is not decoded (see `notDecodedReason`). */
  waveform: number[] | null;
  loudness: LoudnessResult | null;
  notDecodedReason: string | null;
};

export type IngestErrorCode = 'empty' | 'not_audio' | 'declared_size' | 'undecodable' | 'unreadable';

/** The file is refused; `message` is fit to show the uploader. */
export class IngestError extends Error {
  override name = 'IngestError';
  constructor(
    readonly code: IngestErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export type AnalyseOptions = {
  /** Called with 0–100 as the file is read (each whole percent once). */
  onProgress?: (percent: number) => void;
};

const READ_CHUNK_BYTES = 256 * 1024;
const COVER_MAX_SIDE = 1000;
const COVER_MAX_INPUT_PIXELS = 40_000_000;
/** Shorter decodes than this share of the duration the headers announce mean damaged audio. */
const MIN_DECODED_SHARE = 0.5;
const MAX_TAG_LENGTH = 500;
/** Undecodable frames tolerated outright (a damaged frame or two in a long file)… */
const MAX_FRAME_ERRORS = 8;
/** …and beyond that, as a share of the decoded frames (counted at MP3's 1152 samples a frame). */
const MAX_ERROR_SHARE = 0.1;
const SAMPLES_PER_FRAME = 1152;
/** Errors after which reading stops, before the end of the file, when they are most frames. */
const EARLY_STOP_FRAME_ERRORS = 200;

/**
 * Analyses an audio file on local disk: format by its bytes, tags and embedded cover, a SHA-256
 * checksum, and — for the formats decoded here — waveform peaks and EBU R128 loudness, all from
 * one streaming read (memory does not grow with the file). Throws IngestError when the file is
 * not audio, is empty, declares metadata larger than itself, or does not decode.
 */
export async function analyseAudioFile(path: string, options: AnalyseOptions = {}): Promise<AudioAnalysis> {
  const { size } = await stat(path);
  if (size === 0) throw new IngestError('empty', msg('The file is empty.'));
  const format = await sniffAndCheck(path, size);

  let meta: IAudioMetadata | null = null;
  try {
    meta = await parseFile(path, { duration: true, skipCovers: false });
  } catch {
    // Damaged or unusual tags: a decodable file is still accepted (decoding proves it is audio).
  }

  const decoder = await createDecoder(format);
  // Some decoders (mpg123) always hand back stereo: a mono file is measured as the one channel it has.
  const channelLimit = finite(meta?.format.numberOfChannels) ?? null;
  const pass = await readOnce(path, size, decoder, channelLimit, options.onProgress);
  const metaSeconds = finite(meta?.format.duration);

  let durationMs: number;
  if (decoder) {
    if (pass.samples === 0 || !pass.sampleRate) {
      throw new IngestError('undecodable', msg('The file could not be decoded as audio.'));
    }
    if (mostlyDamaged(pass, MAX_FRAME_ERRORS)) throw damaged();
    const decodedSeconds = pass.samples / pass.sampleRate;
    if (metaSeconds && metaSeconds > 1 && decodedSeconds < metaSeconds * MIN_DECODED_SHARE) {
      throw new IngestError(
        'undecodable',
        `Only ${decodedSeconds.toFixed(1)} s of the ${metaSeconds.toFixed(1)} s the file announces could be decoded: the audio is damaged.`,
      );
    }
    durationMs = Math.round(decodedSeconds * 1000);
  } else {
    if (!meta || !metaSeconds || meta.format.hasAudio === false) {
      throw new IngestError('unreadable', msg('The file could not be read as audio.'));
    }
    durationMs = Math.round(metaSeconds * 1000);
  }
  if (durationMs <= 0) throw new IngestError('undecodable', msg('The file holds no audio.'));

  const bps = finite(meta?.format.bitrate);
  options.onProgress?.(100);
  return {
    format,
    mime: AUDIO_CONTENT_TYPES[format],
    size,
    durationMs,
    bitrate: bps ? Math.round(bps / 1000) : Math.round((size * 8) / durationMs),
    sampleRate: pass.sampleRate ?? finite(meta?.format.sampleRate) ?? null,
    channels: pass.channels ?? finite(meta?.format.numberOfChannels) ?? null,
    checksum: pass.checksum,
    tags: readTags(meta),
    cover: await readCover(meta),
    waveform: decoder ? pass.waveform.result() : null,
    loudness: decoder ? (pass.meter?.result() ?? null) : null,
    notDecodedReason: decoder ? null : NOT_DECODED_REASON,
  };
}

async function sniffAndCheck(path: string, size: number): Promise<AudioFormat> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, 4096));
    await file.read(head, 0, head.length, 0);
    const format = sniffAudioFormat(head);
    if (!format) {
      throw new IngestError(
        'not_audio',
        msg('This file is not audio (MP3, FLAC, Ogg, Opus, WAV, M4A or WebM).'),
      );
    }
    try {
      await checkDeclaredSizes(file, format, size);
    } catch (err) {
      if (err instanceof DeclaredSizeError) throw new IngestError('declared_size', err.message);
      throw err;
    }
    return format;
  } finally {
    await file.close();
  }
}

/**
 * Random bytes hold chance frame headers a decoder will decode a little of; real audio, even
 * damaged, decodes nearly every frame.
 */
export const tooManyDamagedFrames = (errors: number, samples: number, tolerated = MAX_FRAME_ERRORS) =>
  errors > tolerated && errors > (samples / SAMPLES_PER_FRAME) * MAX_ERROR_SHARE;
const mostlyDamaged = (pass: Pass, tolerated: number) =>
  tooManyDamagedFrames(pass.errors, pass.samples, tolerated);
const damaged = () =>
  new IngestError(
    'undecodable',
    msg('The file could not be decoded as audio: too many of its frames are damaged.'),
  );

type Pass = {
  checksum: string;
  samples: number;
  errors: number;
  sampleRate: number | null;
  channels: number | null;
  waveform: WaveformBuilder;
  meter: LoudnessMeter | null;
};

/** The one read of the file: hash every byte, and decode when a decoder exists. */
async function readOnce(
  path: string,
  size: number,
  decoder: StreamDecoder | null,
  channelLimit: number | null,
  onProgress?: (percent: number) => void,
): Promise<Pass> {
  const hash = createHash('sha256');
  const pass: Pass = {
    checksum: '',
    samples: 0,
    errors: 0,
    sampleRate: null,
    channels: null,
    waveform: new WaveformBuilder(WAVEFORM_PEAKS),
    meter: null,
  };
  const take = (decoded: DecodedAudio) => {
    pass.errors += decoded.errors;
    if (decoded.samplesDecoded === 0 || decoded.channelData.length === 0) return;
    const count = Math.min(decoded.channelData.length, channelLimit ?? Number.POSITIVE_INFINITY);
    if (!pass.meter) {
      pass.sampleRate = decoded.sampleRate;
      pass.channels = count;
      pass.meter = new LoudnessMeter(decoded.sampleRate, count);
    }
    // Decoders may hand back longer arrays than the samples they filled.
    const channels = decoded.channelData.slice(0, count).map((c) => c.subarray(0, decoded.samplesDecoded));
    pass.samples += decoded.samplesDecoded;
    pass.meter.push(channels);
    pass.waveform.push(channels);
  };
  let read = 0;
  let lastPercent = -1;
  try {
    for await (const chunk of createReadStream(path, { highWaterMark: READ_CHUNK_BYTES })) {
      const bytes = chunk as Buffer;
      hash.update(bytes);
      if (decoder) {
        take(await decoder.decode(bytes));
        // Stop reading a large file of noise early rather than at its end.
        if (mostlyDamaged(pass, EARLY_STOP_FRAME_ERRORS)) throw damaged();
      }
      read += bytes.length;
      const percent = Math.min(99, Math.floor((read / size) * 100));
      if (percent !== lastPercent) {
        lastPercent = percent;
        onProgress?.(percent);
      }
    }
    if (decoder) take(await decoder.flush());
  } catch (err) {
    if (err instanceof WavFormatError) throw new IngestError('undecodable', `${err.message}.`);
    throw err;
  } finally {
    decoder?.free();
  }
  pass.checksum = hash.digest('hex');
  return pass;
}

const finite = (n: number | undefined | null) =>
  typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : undefined;

/** Trimmed, control characters removed, capped: tags are the uploader's to fix, not to trust. */
function clean(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  let text = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    text += code < 0x20 || code === 0x7f ? ' ' : ch;
  }
  text = text.replace(/\s+/g, ' ').trim();
  return text ? text.slice(0, MAX_TAG_LENGTH) : null;
}

function cleanList(values: readonly unknown[] | undefined, split: RegExp | null = null): string[] {
  const out: string[] = [];
  for (const value of values ?? []) {
    const parts = typeof value === 'string' && split ? value.split(split) : [value];
    for (const part of parts) {
      const text = clean(part);
      if (text && !out.some((o) => o.toLowerCase() === text.toLowerCase())) out.push(text);
    }
  }
  return out.slice(0, 20);
}

const positiveInt = (n: unknown, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= max ? n : null;

function readTags(meta: IAudioMetadata | null): IngestedTags {
  const common = meta?.common;
  const artists = cleanList(common?.artists?.length ? common.artists : common?.artist ? [common.artist] : []);
  const gain = common?.replaygain_track_gain?.dB;
  return {
    title: clean(common?.title),
    artists,
    album: clean(common?.album),
    albumArtist: clean(common?.albumartist),
    trackNumber: positiveInt(common?.track?.no, 9999),
    discNumber: positiveInt(common?.disk?.no, 999),
    year: positiveInt(common?.year, 9999),
    date: fullDate(common?.date),
    // ID3v2.3 and many taggers put several genres in one string.
    genres: cleanList(common?.genre, /\s*[;/]\s*/),
    replayGainDb: typeof gain === 'number' && Number.isFinite(gain) ? Math.round(gain * 100) / 100 : null,
  };
}

/** A tag's date when it names a real day (`2019-05-03…`); a bare year is not a date. */
function fullDate(value: string | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value?.trim() ?? '');
  if (!m) return null;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(day) ? day : null;
}

function frontCover(pictures: IPicture[] | undefined): IPicture | undefined {
  if (!pictures?.length) return undefined;
  return pictures.find((p) => /front/i.test(p.type ?? '')) ?? pictures[0];
}

/** Re-encodes the embedded cover; a picture sharp cannot read is dropped, not fatal. */
async function readCover(meta: IAudioMetadata | null): Promise<AudioAnalysis['cover']> {
  const picture = frontCover(meta?.common.picture);
  if (!picture || picture.data.length === 0 || picture.data.length > MAX_EMBEDDED_PICTURE_BYTES) return null;
  try {
    const data = await sharp(picture.data, { limitInputPixels: COVER_MAX_INPUT_PIXELS })
      .rotate()
      .resize(COVER_MAX_SIDE, COVER_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { data, mime: 'image/webp' };
  } catch {
    return null;
  }
}
