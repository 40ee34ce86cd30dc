/**
 * One streaming decoder interface over the WASM decoders (MP3, FLAC, Ogg Vorbis, Ogg Opus) and the
 * WAV reader: bytes in, planar float samples out, chunk by chunk. Nothing outside npm is needed
 * at run time.
 */
import type { AudioFormat } from '#src/lib/audio';
import type { DecodedAudio, StreamDecoder } from './decoded-audio';
import { WavDecoder } from './wav';

export type { DecodedAudio, StreamDecoder } from './decoded-audio';

/** Formats decoded to PCM; the others (MP4/AAC/ALAC, WebM) keep their tags but get no waveform. */
export const DECODED_FORMATS = [
  'mp3',
  'flac',
  'ogg',
  'opus',
  'wav',
] as const satisfies readonly AudioFormat[];

export const NOT_DECODED_REASON =
  'No decoder for this format runs on the server (MP4/AAC, ALAC and WebM are not decoded), so there is no waveform or loudness.';

type WasmResult = {
  channelData: Float32Array[];
  samplesDecoded: number;
  sampleRate: number;
  errors: unknown[];
};
type WasmDecoder = {
  ready: Promise<void>;
  decode(data: Uint8Array): WasmResult | Promise<WasmResult>;
  flush?(): WasmResult | Promise<WasmResult>;
  free(): void | Promise<void>;
};

const normalise = (r: WasmResult): DecodedAudio => ({
  channelData: r.channelData,
  samplesDecoded: r.samplesDecoded,
  sampleRate: r.sampleRate,
  errors: r.errors.length,
});

const nothing: DecodedAudio = { channelData: [], samplesDecoded: 0, sampleRate: 0, errors: 0 };

function wrap(decoder: WasmDecoder): StreamDecoder {
  return {
    decode: async (chunk) => normalise(await decoder.decode(chunk)),
    flush: async () => (decoder.flush ? normalise(await decoder.flush()) : nothing),
    free: () => void decoder.free(),
  };
}

/** A ready decoder for `format`, or null when the format is not decoded on the server. */
export async function createDecoder(format: AudioFormat): Promise<StreamDecoder | null> {
  let decoder: WasmDecoder;
  switch (format) {
    case 'mp3': {
      // Loaded on first use: each decoder compiles its own WASM module.
      const { MPEGDecoder } = await import('mpg123-decoder');
      const mpeg = new MPEGDecoder();
      await mpeg.ready;
      return wrap({
        ready: mpeg.ready,
        // mpg123 writes every bad frame to console.error, so an upload of noise would flood the
        // server's log; its errors are counted from the result instead. `decode` is synchronous,
        // so nothing else can run (and lose a message) while console.error is muted.
        decode: (data) => {
          const original = console.error;
          console.error = () => {};
          try {
            return mpeg.decode(data);
          } finally {
            console.error = original;
          }
        },
        free: () => mpeg.free(),
      });
    }
    case 'flac': {
      const { FLACDecoder } = await import('@wasm-audio-decoders/flac');
      decoder = new FLACDecoder();
      break;
    }
    case 'ogg': {
      const { OggVorbisDecoder } = await import('@wasm-audio-decoders/ogg-vorbis');
      decoder = new OggVorbisDecoder();
      break;
    }
    case 'opus': {
      const { OggOpusDecoder } = await import('ogg-opus-decoder');
      decoder = new OggOpusDecoder() as unknown as WasmDecoder;
      break;
    }
    case 'wav': {
      const wav = new WavDecoder();
      return {
        decode: async (chunk) => wav.decode(chunk),
        flush: async () => nothing,
        free: () => {},
      };
    }
    default:
      return null;
  }
  await decoder.ready;
  return wrap(decoder);
}
