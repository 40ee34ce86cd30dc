import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ACTIVE_WORKSPACE_COOKIE, type Artist } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { getCookie, removeCookie, setCookie } from '#src/lib/cookies';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderInRouter, renderRoutes } from '#test/render-app';
import { personalWorkspacesApi } from '#test/workspaces-api';
import BackstageArtistPage, { ArtistForm } from './backstage-artist-page';

beforeEach(() => {
  resetBootstrapStore();
  // The backstage frame's workspace switcher asks for the user's workspaces.
  mockApi(personalWorkspacesApi);
});
afterEach(() => clearToasts());

const artist: Artist = {
  id: 7,
  name: 'Selam',
  verified: false,
  image_small: null,
  image_large: null,
  bio: null,
  links: [{ url: 'https://example.com/selam', label: 'Site' }],
  plays: 0,
  genres: [],
  albums: [],
};

function show() {
  renderInRouter(
    <>
      <ArtistForm artist={artist} />
      <ToastRegion />
    </>,
    makeBootstrap({ user: makeUser() }),
  );
}

const answers = (call: { method: string; path: string }) =>
  call.path === '/api/v1/backstage/artists' ? ok({ artists: [] }) : undefined;

describe("the backstage artist's profile form", () => {
  it('saves bio, links, genres and the downloads switch, and never sends the verified badge', async () => {
    const calls = mockApi((call) =>
      call.method === 'PUT' && call.path === '/api/v1/backstage/artists/7'
        ? ok({ artist: { ...artist, bio: 'From Addis.' } })
        : answers(call),
    );
    show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Biography' }), 'From Addis.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Genres' }), 'Ethio jazz{Enter}');
    await userEvent.click(screen.getByRole('checkbox', { name: /Allow downloads/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({
      name: 'Selam',
      image_small: null,
      image_large: null,
      bio: 'From Addis.',
      links: [{ url: 'https://example.com/selam', label: 'Site' }],
      genres: ['Ethio jazz'],
      allow_downloads: true,
    });
    expect(put.body).not.toHaveProperty('verified');
  });

  it('checks link URLs before sending, and shows a 403 as a message', async () => {
    const calls = mockApi((call) =>
      call.method === 'PUT' ? fail(403, { message: 'You do not manage this artist.' }) : answers(call),
    );
    show();
    const url = screen.getByRole('textbox', { name: 'URL' });
    await userEvent.clear(url);
    await userEvent.type(url, 'nope');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a full URL (https://…).')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);

    await userEvent.clear(url);
    await userEvent.type(url, 'https://example.com/other');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('You do not manage this artist.')).toBeTruthy();
  });
});

describe('an artist of another workspace', () => {
  const teams = [
    { id: 0, name: 'Default', members_count: 1, default: true },
    { id: 5, name: 'Addis Records', members_count: 3, default: false },
    { id: 6, name: 'Harar Sound', members_count: 2, default: false },
  ];
  afterEach(() => removeCookie(ACTIVE_WORKSPACE_COOKIE));

  it('opened while another team is active: switches to the team that holds it, and shows it', async () => {
    setCookie(ACTIVE_WORKSPACE_COOKIE, '5', { days: 7 });
    const calls = mockApi((call) => {
      const ws = call.query.get('workspaceId');
      if (call.method !== 'GET') return undefined;
      if (call.path === '/api/v1/workspaces') return ok({ workspaces: teams });
      if (call.path === '/api/v1/backstage/artists/7')
        return ws === '6' ? ok({ artist }) : fail(403, { message: 'You do not manage this artist.' });
      if (call.path === '/api/v1/backstage/artists')
        return ok({
          artists:
            ws === '6'
              ? [
                  {
                    id: 7,
                    name: 'Selam',
                    verified: false,
                    image_small: null,
                    role: null,
                    workspace: { id: 6, name: 'Harar Sound', role: 'editor' },
                  },
                ]
              : [],
        });
      return undefined;
    });
    renderRoutes(
      [{ path: '/backstage/artists/:artistId', element: <BackstageArtistPage /> }],
      '/backstage/artists/7',
      makeBootstrap({ user: makeUser(), workspaces: teams }),
    );
    expect(await screen.findByRole('button', { name: 'Save profile' })).toBeTruthy();
    expect(getCookie(ACTIVE_WORKSPACE_COOKIE)).toBe('6');
    expect(
      calls.some((c) => c.path === '/api/v1/backstage/artists/7' && c.query.get('workspaceId') === '6'),
    ).toBe(true);
  });
});
