import type { ReleaseDraft, TrackDraft } from '@zema/contracts';

/** A track of a release draft as the server answers it: analysed and ready unless `over` says. */
export function makeTrackDraft(over: Partial<TrackDraft> = {}): TrackDraft {
  return {
    id: 11,
    position: 1,
    disc_number: 1,
    name: 'Tizita',
    artists: [],
    explicit: false,
    status: 'ready',
    progress: 100,
    error: null,
    file_entry_id: 5,
    file_name: 'tizita.flac',
    relative_path: null,
    format: 'flac',
    duration_ms: 183_000,
    bitrate: null,
    loudness_lufs: -14,
    true_peak_db: -1,
    waveform: null,
    duplicate_of: null,
    track_id: null,
    ...over,
  };
}

/** A release draft (id 3) with `tracks`. */
export function makeReleaseDraft(tracks: TrackDraft[], over: Partial<ReleaseDraft> = {}): ReleaseDraft {
  return {
    id: 3,
    artist: { id: 1, name: 'Mahmoud Ahmed' },
    type: 'album',
    name: 'Ere Mela Mela',
    release_date: null,
    image: null,
    genres: [],
    description: null,
    status: 'draft',
    publish_at: null,
    album_id: null,
    tracks,
    created_at: '2026-11-27T00:00:00.000Z',
    updated_at: '2026-11-27T00:00:00.000Z',
    ...over,
  };
}
