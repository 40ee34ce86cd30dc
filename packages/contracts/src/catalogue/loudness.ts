/**
 * Volume normalisation: the gain the player applies to a track when "normalise volume" is on,
 * from the loudness and true peak measured at ingestion (EBU R128 / ITU-R BS.1770-4).
 */

/** Loudness the player levels tracks to (what the large streaming services use). */
export const NORMALISED_LOUDNESS_LUFS = -14;
/** Ceiling the true peak must stay under after the gain, so that boosting never clips. */
export const NORMALISED_TRUE_PEAK_CEILING_DB = -1;

/**
 * dB to apply: brings the track to `targetLufs`, but a boost is held back so that the true peak
 * stays at or under −1 dBTP. Unknown or silent loudness → 0 (play as is).
 */
export function gainForTrack(
  loudnessLufs: number | null | undefined,
  truePeakDb: number | null | undefined,
  targetLufs: number = NORMALISED_LOUDNESS_LUFS,
): number {
  if (typeof loudnessLufs !== 'number' || !Number.isFinite(loudnessLufs)) return 0;
  let gain = targetLufs - loudnessLufs;
  if (typeof truePeakDb === 'number' && Number.isFinite(truePeakDb)) {
    gain = Math.min(gain, NORMALISED_TRUE_PEAK_CEILING_DB - truePeakDb);
  }
  return Math.round(gain * 100) / 100;
}

/** The linear factor for a gain in dB (what a Web Audio GainNode takes). */
export function gainFactor(gainDb: number): number {
  return 10 ** (gainDb / 20);
}
