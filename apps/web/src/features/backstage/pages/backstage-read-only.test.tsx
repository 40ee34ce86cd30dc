import { screen, within } from '@testing-library/react';
import {
  ACTIVE_WORKSPACE_COOKIE,
  type Artist,
  type BackstageArtist,
  type ReleaseDraft,
  type Track,
  type WorkspaceRole,
} from '@zema/contracts';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { removeCookie, setCookie } from '#src/lib/cookies';
import { makeReleaseDraft, makeTrackDraft } from '#test/backstage';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiCall, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import BackstageArtistPage from './backstage-artist-page';
import BackstageHomePage from './backstage-home-page';
import BackstageReleasePage from './backstage-release-page';
import BackstageTracksPage from './backstage-tracks-page';
import BackstageUploadPage from './backstage-upload-page';

// Decision 0049: a workspace viewer sees the backstage read-only — what the server would refuse
// (403) is not offered: no Save, no uploader, no Edit or Delete, and the page says why.

const team = { id: 5, name: 'Addis Records', members_count: 3, default: false };
const NOTICE_START = 'You are a Viewer in Addis Records: you can';
const ASK = "Ask the workspace's owner or an admin for the Editor role.";

const member = (role: WorkspaceRole): BackstageArtist => ({
  id: 7,
  name: 'Selam',
  verified: false,
  image_small: null,
  role: null,
  workspace: { id: team.id, name: team.name, role },
});

const profile: Artist = {
  id: 7,
  name: 'Selam',
  verified: false,
  image_small: null,
  image_large: null,
  bio: 'From Addis.',
  links: [{ url: 'https://example.com/selam', label: 'Site' }],
  plays: 0,
  genres: [{ id: 1, name: 'ethio-jazz', display_name: 'Ethio jazz', image: null }],
  albums: [],
};

const track: Track = {
  id: 1,
  name: 'Ambassel',
  number: 1,
  duration_ms: 185_000,
  explicit: false,
  image: null,
  plays: 12,
  stream_url: null,
  format: 'mp3',
  bitrate: 128,
  artists: [{ id: 7, name: 'Selam', verified: false, image_small: null }],
  album: null,
};

const release: ReleaseDraft = makeReleaseDraft(
  [makeTrackDraft({ name: 'Night Lines', file_name: 'night.flac' })],
  { artist: { id: 7, name: 'Selam' }, type: 'single', name: 'Night Lines' },
);

const emptyPage = { current_page: 1, per_page: 20, last_page: 1, total: 0, data: [] };

/** The team's backstage as the server answers a member with `role`. */
function teamApi(role: WorkspaceRole) {
  return mockApi((call: ApiCall) => {
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/v1/workspaces')
      return ok({ workspaces: [{ id: 0, name: 'Default', members_count: 1, default: true }, team] });
    if (call.path === '/api/v1/backstage/artists') return ok({ artists: [member(role)] });
    if (call.path === '/api/v1/backstage/artists/7') return ok({ artist: profile });
    if (call.path === '/api/v1/backstage/artists/7/tracks')
      return ok({ ...emptyPage, total: 1, data: [track] });
    if (call.path === '/api/v1/backstage/releases/3') return ok({ release });
    if (call.path === '/api/v1/backstage/releases') return ok(emptyPage);
    if (call.path === '/api/v1/uploads/usage') return ok({ used_bytes: 0, quota_bytes: null });
    return undefined;
  });
}

/** A member of the team with no backstage of their own, the team active. */
function show(path: string, pattern: string, page: ReactNode) {
  renderRoutes([{ path: pattern, element: page }], path, makeBootstrap({ user: makeUser() }));
}

beforeEach(() => {
  resetBootstrapStore();
  setCookie(ACTIVE_WORKSPACE_COOKIE, String(team.id), { days: 7 });
});
afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

describe('as a workspace viewer, the backstage shows read-only screens', () => {
  it('the profile: the notice says the role and who can change it; fields read-only, no Save', async () => {
    teamApi('viewer');
    show('/backstage/artists/7', '/backstage/artists/:artistId', <BackstageArtistPage />);
    const notice = await screen.findByRole('note');
    expect(notice.textContent).toBe(`${NOTICE_START} see this artist but not change it. ${ASK}`);
    const name = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(name.value).toBe('Selam');
    expect(name.readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'Biography' }) as HTMLTextAreaElement).readOnly).toBe(true);
    expect((screen.getByRole('textbox', { name: 'URL' }) as HTMLInputElement).readOnly).toBe(true);
    expect(within(screen.getByRole('list', { name: 'Genres' })).getByText('Ethio jazz')).toBeTruthy();
    for (const button of [
      'Save profile',
      'Discard',
      'Add link',
      'Remove link 1',
      'Add genre',
      'Upload picture',
    ])
      expect(screen.queryByRole('button', { name: button })).toBeNull();
    // No way to the uploader either.
    expect(screen.queryByRole('link', { name: 'Upload' })).toBeNull();
  });

  it('the same profile is a form with Save for an editor of the team', async () => {
    teamApi('editor');
    show('/backstage/artists/7', '/backstage/artists/:artistId', <BackstageArtistPage />);
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement).readOnly).toBe(false);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByRole('link', { name: 'Upload' })).toBeTruthy();
  });

  it('the tracks: listed and playable, without Edit, Delete or "Upload new music"', async () => {
    teamApi('viewer');
    show('/backstage/tracks', '/backstage/tracks', <BackstageTracksPage />);
    const list = await screen.findByRole('list', { name: 'Tracks' });
    expect(within(list).getByText('Ambassel')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(
      `${NOTICE_START} see this artist's tracks but not change them. ${ASK}`,
    );
    expect(screen.queryByRole('button', { name: 'Edit Ambassel' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Ambassel' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Upload new music' })).toBeNull();
  });

  it('the upload page: no uploader, the notice instead', async () => {
    teamApi('viewer');
    show('/backstage/upload', '/backstage/upload', <BackstageUploadPage />);
    expect((await screen.findByRole('note')).textContent).toBe(
      `${NOTICE_START} see this artist's releases but not upload music. ${ASK}`,
    );
    expect(screen.queryByText('Drop audio files or a folder here')).toBeNull();
    expect(screen.queryByLabelText('Files to upload')).toBeNull();
  });

  it('a release: its fields disabled, no Save, Remove or Publish, and where it stands', async () => {
    teamApi('viewer');
    show('/backstage/releases/3', '/backstage/releases/:releaseId', <BackstageReleasePage />);
    const title = await screen.findByRole('textbox', { name: 'Title' });
    expect((title as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByRole('note').textContent).toBe(
      `${NOTICE_START} see this release but not change or publish it. ${ASK}`,
    );
    for (const button of ['Save details', 'Add cover', 'Remove Night Lines', 'Publish'])
      expect(screen.queryByRole('button', { name: button })).toBeNull();
    expect(screen.getByText('Draft: not published yet.')).toBeTruthy();
    // Still heard before it is published.
    expect(screen.getByLabelText('Preview Night Lines')).toBeTruthy();
  });

  it("the first page: the artist's card offers View profile, not Edit profile", async () => {
    teamApi('viewer');
    show('/backstage', '/backstage', <BackstageHomePage />);
    const cards = await screen.findByRole('list', { name: 'Your artists' });
    expect(within(cards).getByRole('link', { name: 'View profile' })).toBeTruthy();
    expect(within(cards).queryByRole('link', { name: 'Edit profile' })).toBeNull();
    expect(screen.getByRole('note').textContent).toMatch(new RegExp(`^${NOTICE_START} see its artists`));
  });
});
