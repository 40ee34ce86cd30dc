export {
  type AnalyseOptions,
  type AudioAnalysis,
  analyseAudioFile,
  IngestError,
  type IngestErrorCode,
} from './analyse';
export { MAX_EMBEDDED_PICTURE_BYTES } from './declared-sizes';
export { DECODED_FORMATS, NOT_DECODED_REASON } from './decoders';
export type { LoudnessResult } from './loudness';
export { firstAudioDecodes, UNDECODABLE_AUDIO_MESSAGE } from './probe';
export { WAVEFORM_PEAKS } from './waveform';
