import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiAnswer, fail, mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { LikeButton } from './like-button';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

const noIds = { track: [], album: [], artist: [], followed_artists: [], followed_users: [] };

/** The server's answer to the like, held until the test lets it go. */
function heldAnswer() {
  let release!: (answer: ApiAnswer) => void;
  const answer = new Promise<ApiAnswer>((resolve) => {
    release = resolve;
  });
  return { answer, release };
}

function renderLike(user = makeUser()) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <LikeButton type="track" id={5} name="Tizita" />
            <ToastRegion />
          </>
        ),
      },
      { path: '/login', element: <p>login page</p> },
    ],
    '/',
    makeBootstrap({ user }),
  );
}

describe('LikeButton (optimistic)', () => {
  it('turns on at once, before the server answers, and stays on when it agrees', async () => {
    const held = heldAnswer();
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/me/likes/ids') return ok(noIds);
      if (call.method === 'PUT' && call.path === '/api/v1/me/likes/track/5') return held.answer;
      if (call.path === '/api/v1/me/likes/tracks') return ok({ data: [], current_page: 1, last_page: 1 });
      return undefined;
    });
    renderLike();
    const heart = await screen.findByRole('button', { name: 'Like Tizita' });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/v1/me/likes/ids')).toBe(true));
    expect(heart.getAttribute('aria-pressed')).toBe('false');

    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(true);

    held.release(ok({ liked: true }));
    expect(await screen.findByText('Added to liked songs')).toBeTruthy();
    expect(heart.getAttribute('aria-pressed')).toBe('true');
  });

  it('turns back off with the server’s message when the like fails', async () => {
    const held = heldAnswer();
    mockApi((call) => {
      if (call.path === '/api/v1/me/likes/ids') return ok(noIds);
      if (call.method === 'PUT' && call.path === '/api/v1/me/likes/track/5') return held.answer;
      return undefined;
    });
    renderLike();
    const heart = await screen.findByRole('button', { name: 'Like Tizita' });
    await userEvent.click(heart);
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));

    held.release(fail(422, { message: 'This track is no longer available.' }));
    expect(await screen.findByText('This track is no longer available.')).toBeTruthy();
    await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('false'));
  });

  it('sends a visitor to the login page instead of liking', async () => {
    const calls = mockApi(() => undefined);
    const { router } = renderRoutes(
      [
        { path: '/', element: <LikeButton type="track" id={5} name="Tizita" /> },
        { path: '/login', element: <p>login page</p> },
      ],
      '/',
      makeBootstrap(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Like Tizita' }));
    expect(await screen.findByText('login page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(calls).toEqual([]);
  });
});
