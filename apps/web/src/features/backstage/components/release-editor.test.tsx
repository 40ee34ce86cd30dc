import { screen } from '@testing-library/react';
import type { ReleaseDraft, TrackDraft } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { makeBootstrap } from '#src/app/testing/bootstrap-factory';
import { mockApi, ok } from '#src/app/testing/mock-api';
import { renderInRouter } from '#src/app/testing/render-app';
import { ReleaseEditor } from './release-editor';

const track = (over: Partial<TrackDraft>): TrackDraft => ({
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
});

const draft = (tracks: TrackDraft[]): ReleaseDraft => ({
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
});

describe('the release editor (issue 28 item 8)', () => {
  it("plays a draft's analysed tracks before publishing, from the uploaded file", async () => {
    mockApi((call) =>
      call.path === '/api/v1/backstage/releases/3'
        ? ok({
            release: draft([
              track({}),
              track({ id: 12, position: 2, name: 'Later', status: 'queued', progress: 0 }),
            ]),
          })
        : undefined,
    );
    renderInRouter(<ReleaseEditor releaseId={3} />, makeBootstrap());
    const preview = await screen.findByLabelText('Preview Tizita');
    expect(preview.tagName).toBe('AUDIO');
    expect(preview.getAttribute('src')).toBe('/api/v1/file-entries/5/download');
    expect(preview.hasAttribute('controls')).toBe(true);
    // Not analysed yet: nothing to play.
    expect(screen.queryByLabelText('Preview Later')).toBeNull();
    // An empty date says what it means and asks for the day.
    expect(
      screen.getByText('Empty: the release is dated the day it is published. Set the day it came out.'),
    ).toBeTruthy();
  });
});
