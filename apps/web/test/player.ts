import type { Track } from '@zema/contracts';

/** A playable track for tests; override any field. */
export function track(id: number, over: Partial<Track> = {}): Track {
  return {
    id,
    name: `Track ${id}`,
    number: id,
    duration_ms: 180_000,
    explicit: false,
    image: null,
    plays: 0,
    stream_url: `/api/v1/tracks/${id}/stream`,
    format: 'mp3',
    bitrate: 32,
    artists: [{ id: 1, name: 'Artist', verified: false, image_small: null }],
    album: null,
    ...over,
  };
}
