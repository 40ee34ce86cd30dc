import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeReleaseDraft, makeTrackDraft } from '#test/backstage';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { ReleaseEditor } from './release-editor';

describe('the release editor', () => {
  it("plays a draft's analysed tracks before publishing, from the uploaded file", async () => {
    mockApi((call) =>
      call.path === '/api/v1/backstage/releases/3'
        ? ok({
            release: makeReleaseDraft([
              makeTrackDraft(),
              makeTrackDraft({ id: 12, position: 2, name: 'Later', status: 'queued', progress: 0 }),
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
