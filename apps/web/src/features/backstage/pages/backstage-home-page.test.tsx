import { screen, within } from '@testing-library/react';
import { type BackstageArtist, PERMISSIONS } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { personalWorkspacesApi } from '#test/workspaces-api';
import BackstageHomePage from './backstage-home-page';

beforeEach(() => {
  resetBootstrapStore();
  mockApi(personalWorkspacesApi);
});

const artist = (patch: Partial<BackstageArtist>): BackstageArtist => ({
  id: 7,
  name: 'Selam',
  verified: false,
  image_small: null,
  role: null,
  workspace: null,
  ...patch,
});

async function cardText(answer: BackstageArtist) {
  mockApi((call) =>
    call.path === '/api/v1/backstage/artists'
      ? ok({ artists: [answer] })
      : call.path === '/api/v1/backstage/releases'
        ? ok({ current_page: 1, per_page: 20, data: [] })
        : undefined,
  );
  const user = makeUser({ permissions: [{ id: 1, name: PERMISSIONS.backstageAccess, restrictions: [] }] });
  renderInRouter(<BackstageHomePage />, makeBootstrap({ user }));
  const list = await screen.findByRole('list', { name: 'Your artists' });
  return within(list).getByText(/^You are:/).textContent;
}

describe("the backstage's artist cards", () => {
  it("show a team member's workspace role and the team, not an artist role", async () => {
    const text = await cardText(artist({ workspace: { id: 5, name: 'Addis Records', role: 'editor' } }));
    expect(text).toBe('You are: Editor in Addis Records');
  });

  it('show the workspace role in a team even to someone who also manages the artist personally', async () => {
    const text = await cardText(
      artist({ role: 'manager', workspace: { id: 5, name: 'Addis Records', role: 'viewer' } }),
    );
    expect(text).toBe('You are: Viewer in Addis Records');
  });

  it("keep an artist's own role on their own card", async () => {
    expect(await cardText(artist({ role: 'artist' }))).toBe('You are: Artist');
  });
});

describe("the backstage's first page", () => {
  it('lists the drafts and scheduled releases, with a link to finish each', async () => {
    const release = (id: number, status: 'draft' | 'scheduled', name: string, tracks: number) => ({
      id,
      artist: { id: 7, name: 'Selam' },
      type: 'album' as const,
      name,
      release_date: null,
      image: null,
      genres: [],
      description: null,
      status,
      publish_at: status === 'scheduled' ? '2026-12-24T09:00:00.000Z' : null,
      album_id: null,
      created_at: '2026-11-28T10:00:00.000Z',
      updated_at: '2026-11-28T10:00:00.000Z',
      tracks_count: tracks,
    });
    mockApi((call) => {
      if (call.path === '/api/v1/backstage/artists') return ok({ artists: [artist({ role: 'artist' })] });
      if (call.path === '/api/v1/backstage/releases') {
        const status = call.query.get('status');
        const rows =
          status === 'draft' ? [release(3, 'draft', 'Night Lines', 1)] : [release(4, 'scheduled', 'Dawn', 5)];
        return ok({ current_page: 1, per_page: 20, data: rows });
      }
      return undefined;
    });
    const user = makeUser({ permissions: [{ id: 1, name: PERMISSIONS.backstageAccess, restrictions: [] }] });
    renderInRouter(<BackstageHomePage />, makeBootstrap({ user }));
    const draft = await screen.findByRole('link', { name: 'Night Lines' });
    expect(draft.getAttribute('href')).toBe('/backstage/releases/3');
    expect(screen.getByText(/Selam · 1 track · draft/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Dawn' }).getAttribute('href')).toBe('/backstage/releases/4');
  });
});
