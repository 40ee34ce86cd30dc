import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { fail, mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { RequestForm } from './request-form';

beforeEach(() => resetBootstrapStore());
afterEach(() => clearToasts());

const request = (over: object = {}) => ({
  id: 4,
  type: 'become_artist',
  status: 'pending',
  artist: null,
  artist_name: 'Selam',
  role: 'artist',
  links: [],
  message: null,
  proof: null,
  deny_reason: null,
  user: { id: 1, display_name: 'A', email: 'a@example.test' },
  reviewed_at: null,
  created_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

function show(type: 'become_artist' | 'claim_artist' = 'become_artist') {
  const onDone = vi.fn();
  renderInRouter(
    <>
      <RequestForm type={type} managed={[]} onDone={onDone} onCancel={() => undefined} />
      <ToastRegion />
    </>,
    makeBootstrap({ user: makeUser() }),
  );
  return { onDone };
}

describe('the backstage request form', () => {
  it('needs the artist name and well-formed links, and sends nothing until then', async () => {
    const calls = mockApi(() => undefined);
    show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Link 1' }), 'not a link');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Enter the artist name.')).toBeTruthy();
    expect(screen.getByText('Enter a valid URL, like https://example.com.')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the contract body: trimmed name, links without blanks, no message as null', async () => {
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/backstage/requests'
        ? ok({ request: request() })
        : undefined,
    );
    const { onDone } = show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Artist name' }), '  Selam  ');
    await userEvent.type(screen.getByRole('textbox', { name: 'Link 1' }), 'https://example.com/selam');
    await userEvent.click(screen.getByRole('button', { name: 'Add link' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.map((c) => c.body)).toEqual([
      {
        type: 'become_artist',
        artist_id: null,
        artist_name: 'Selam',
        role: 'artist',
        links: ['https://example.com/selam'],
        message: null,
        proof_entry_id: null,
      },
    ]);
  });

  it("places the server's field errors on the form (SPEC §8)", async () => {
    mockApi((call) =>
      call.method === 'POST'
        ? fail(422, {
            message: 'The given data was invalid.',
            errors: { artist_name: ['You already have a pending request for this artist.'] },
          })
        : undefined,
    );
    const { onDone } = show();
    await userEvent.type(screen.getByRole('textbox', { name: 'Artist name' }), 'Selam');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('You already have a pending request for this artist.')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('"Claim" needs an artist picked from the search', async () => {
    const calls = mockApi(() => undefined);
    show('claim_artist');
    await userEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Choose the artist.')).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
