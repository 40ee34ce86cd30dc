import { screen, within } from '@testing-library/react';
import { type BackstageArtist, PERMISSIONS } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '#src/app/testing/bootstrap-factory';
import { mockApi, ok } from '#src/app/testing/mock-api';
import { renderInRouter } from '#src/app/testing/render-app';
import { personalWorkspacesApi } from '#src/app/testing/workspaces-api';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
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
  mockApi((call) => (call.path === '/api/v1/backstage/artists' ? ok({ artists: [answer] }) : undefined));
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
