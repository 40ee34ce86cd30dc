import { parseBuffer } from 'music-metadata';

/** Audio formats a track may hold; each decides the Content-Type the stream is served with. */
export const AUDIO_FORMATS = ['mp3', 'ogg', 'opus', 'flac', 'm4a', 'wav', 'webm'] as const;
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

export const AUDIO_CONTENT_TYPES: Record<AudioFormat, string> = {
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  webm: 'audio/webm',
};

export function audioContentType(format: string | null | undefined): string {
  return AUDIO_CONTENT_TYPES[format as AudioFormat] ?? 'application/octet-stream';
}

const ascii = (buf: Buffer, start: number, end: number) => buf.subarray(start, end).toString('latin1');

/**
 * The format by magic bytes, never by the client's file name or Content-Type: a file that is not
 * audio is refused before it is stored.
 */
export function sniffAudioFormat(buf: Buffer): AudioFormat | null {
  if (buf.length < 12) return null;
  if (ascii(buf, 0, 3) === 'ID3') return 'mp3';
  if (ascii(buf, 0, 4) === 'fLaC') return 'flac';
  if (ascii(buf, 0, 4) === 'OggS') {
    // Opus streams name their codec in the first page's header packet.
    return buf.subarray(0, 128).includes('OpusHead') ? 'opus' : 'ogg';
  }
  if (ascii(buf, 0, 4) === 'RIFF' && ascii(buf, 8, 12) === 'WAVE') return 'wav';
  if (ascii(buf, 4, 8) === 'ftyp') return 'm4a';
  if (buf[0] === 0x1a && buf[1] === 0x45 && buf[2] === 0xdf && buf[3] === 0xa3) return 'webm';
  // A bare MPEG audio frame: 11 sync bits, layer III/II/I (not the reserved 00) and a bitrate index
  // that is neither "free" nor "bad".
  const b1 = buf[1]!;
  const b2 = buf[2]!;
  if (buf[0] === 0xff && (b1 & 0xe0) === 0xe0 && (b1 & 0x06) !== 0 && (b2 & 0xf0) !== 0xf0) return 'mp3';
  return null;
}

export type AudioInfo = { format: AudioFormat; durationMs: number | null; bitrate: number | null };

/** Format by magic bytes plus duration (ms) and bitrate (kbps) when the file's headers tell them. */
export async function inspectAudio(buf: Buffer): Promise<AudioInfo | null> {
  const format = sniffAudioFormat(buf);
  if (!format) return null;
  try {
    const meta = await parseBuffer(
      buf,
      { mimeType: AUDIO_CONTENT_TYPES[format], size: buf.length },
      { duration: true, skipCovers: true },
    );
    const seconds = meta.format.duration;
    const bps = meta.format.bitrate;
    return {
      format,
      durationMs: seconds && Number.isFinite(seconds) ? Math.round(seconds * 1000) : null,
      bitrate: bps && Number.isFinite(bps) ? Math.round(bps / 1000) : null,
    };
  } catch {
    // Valid magic bytes but headers the parser cannot read: the file still plays in browsers.
    return { format, durationMs: null, bitrate: null };
  }
}
