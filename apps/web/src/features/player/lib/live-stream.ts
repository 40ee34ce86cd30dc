import type { RadioStation, RadioStreamFormat } from '@zema/contracts';

/** `HTMLMediaElement.canPlayType`: '' (no), 'maybe' or 'probably'. */
export type CanPlayType = (mime: string) => string;

/** The MIME types a stream of each format may be, most specific first (Ogg carries Vorbis or Opus). */
const FORMAT_TYPES: Record<RadioStreamFormat, readonly string[]> = {
  mp3: ['audio/mpeg'],
  aac: ['audio/aac', 'audio/mp4; codecs="mp4a.40.2"'],
  ogg: ['audio/ogg; codecs="vorbis"', 'audio/ogg; codecs="opus"', 'audio/ogg'],
};

/** HLS playlists, which only some browsers (Safari, Android's Chrome) play without a library. */
const HLS_TYPES = ['application/vnd.apple.mpegurl', 'audio/mpegurl'];

/**
 * The station's addresses this browser can play, in the station's order of preference: each
 * stream whose format the audio element says it may play, then the HLS address where the browser
 * plays HLS itself (no script player is loaded for it).
 */
export function playableStreamUrls(
  station: Pick<RadioStation, 'streams' | 'hls_url'>,
  canPlayType: CanPlayType,
): string[] {
  const plays = (types: readonly string[]) => types.some((type) => canPlayType(type) !== '');
  const urls = station.streams.filter((s) => plays(FORMAT_TYPES[s.format] ?? [])).map((s) => s.url);
  if (station.hls_url && plays(HLS_TYPES)) urls.push(station.hls_url);
  return [...new Set(urls)];
}
