import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SOCIAL_POPUP_MESSAGE_TYPE, type SocialService } from '@zema/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBootstrapData, resetBootstrapStore } from '#src/lib/bootstrap-store';
import { clearToasts, ToastRegion } from '#src/ui/toast';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { type ApiCall, mockApi } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { useSocialLogin } from '../lib/use-social-login';
import { useDisconnectSocial } from './disconnect-social';

/** What the account-settings panel will do with these hooks. */
function Panel({ service }: { service: SocialService }) {
  const social = useSocialLogin();
  const disconnect = useDisconnectSocial(service);
  return (
    <>
      <button type="button" onClick={() => void social.connectSocial(service)}>
        Connect
      </button>
      <button type="button" onClick={() => disconnect.mutate()}>
        Disconnect
      </button>
    </>
  );
}

let calls: ApiCall[];
function answer(status: number, body: unknown) {
  calls = mockApi(() => ({ status, body }));
}

const withGoogle = makeBootstrap({
  user: makeUser({ social_profiles: [{ service_name: 'google', username: 'Abebe' }] }),
});
const withoutGoogle = makeBootstrap({ user: makeUser({ social_profiles: [] }) });

function renderPanel() {
  resetBootstrapStore();
  render(<ToastRegion />);
  renderInRouter(<Panel service="google" />, withGoogle);
}

beforeEach(() => {
  vi.stubGlobal(
    'open',
    vi.fn(() => ({ closed: false, focus: vi.fn() })),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearToasts();
});

describe('connecting and disconnecting a provider', () => {
  it("disconnects with 'Disabled :service account' and the new bootstrap data", async () => {
    answer(200, { bootstrapData: withoutGoogle });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Disabled Google account')).toBeTruthy();
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      { method: 'POST', path: '/secure/auth/social/google/disconnect', body: { service: 'google' } },
    ]);
    expect(getBootstrapData()?.user?.social_profiles).toEqual([]);
  });

  it('shows the generic error toast when disconnecting fails', async () => {
    answer(500, { message: 'There was an issue. Please try again.' });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('There was an issue. Please try again.')).toBeTruthy();
    expect(getBootstrapData()?.user?.social_profiles).toHaveLength(1);
  });

  it('says why the server refused (the only way to sign in)', async () => {
    const message = 'Set a password before disconnecting: this is the only way to sign in to your account.';
    answer(422, { message });
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("connects through the connect popup with 'Enabled :service account'", async () => {
    renderPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(window.open).toHaveBeenCalledWith(
      '/secure/auth/social/google/connect',
      'zema-social-google',
      expect.stringContaining('width=650,height=550'),
    );
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: SOCIAL_POPUP_MESSAGE_TYPE, result: { status: 'SUCCESS', bootstrapData: withGoogle } },
        }),
      );
    });
    expect(await screen.findByText('Enabled Google account')).toBeTruthy();
    expect(getBootstrapData()?.user?.social_profiles).toEqual([
      { service_name: 'google', username: 'Abebe' },
    ]);
  });
});
