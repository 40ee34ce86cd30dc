import { msg } from '@zema/contracts';
import type { AudioFormat } from '#src/lib/audio';
import { tooManyDamagedFrames } from './analyse';
import { MAX_EMBEDDED_PICTURE_BYTES } from './declared-sizes';
import { createDecoder, type DecodedAudio } from './decoders';
import { WavFormatError } from './wav';

/** What an upload whose magic bytes say audio is refused with when its audio does not decode. */
export const UNDECODABLE_AUDIO_MESSAGE = msg('The file could not be decoded as audio.');

/** Decoded audio that proves a file is audio: a second of it, or all of a shorter file. */
const PROOF_SECONDS = 1;
/**
 * Bytes read at most before giving up: tags and metadata blocks come first (an embedded picture
 * may take up to MAX_EMBEDDED_PICTURE_BYTES), then the first audio frames.
 */
const PROBE_MAX_BYTES = MAX_EMBEDDED_PICTURE_BYTES + 8 * 1024 * 1024;

/**
 * Whether a file's first audio decodes, read from its start (`source`, chunk by chunk) with the
 * decoder its magic bytes name (`format`). Magic bytes alone are three letters: `ID3` followed by
 * text is no MP3. Reading stops once a second of audio has decoded, so a large upload costs the
 * same as a small one; noise that holds chance frame headers decodes with most frames damaged and
 * is refused, as the full analysis does. MP4 and WebM have no decoder on the server (decoders.ts):
 * they pass on their magic bytes here, and the backstage analysis reads their audio track later.
 */
export async function firstAudioDecodes(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  format: AudioFormat,
): Promise<boolean> {
  const decoder = await createDecoder(format);
  if (!decoder) return true;
  let samples = 0;
  let errors = 0;
  let sampleRate = 0;
  let bytes = 0;
  const take = (decoded: DecodedAudio) => {
    errors += decoded.errors;
    samples += decoded.samplesDecoded;
    if (decoded.samplesDecoded > 0) sampleRate = decoded.sampleRate;
  };
  try {
    let ended = true;
    for await (const chunk of source) {
      bytes += chunk.length;
      take(await decoder.decode(chunk));
      if ((sampleRate && samples >= sampleRate * PROOF_SECONDS) || bytes >= PROBE_MAX_BYTES) {
        ended = false;
        break;
      }
    }
    if (ended) take(await decoder.flush());
  } catch (err) {
    if (err instanceof WavFormatError) return false;
    throw err;
  } finally {
    decoder.free();
  }
  return samples > 0 && !tooManyDamagedFrames(errors, samples);
}
