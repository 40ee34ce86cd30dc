import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { renderRoutes } from '#test/render-app';
import { DownloadButton, downloadState } from './download-button';

beforeEach(() => resetBootstrapStore());

const withDownload = makeUser({
  permissions: [
    { id: 1, name: 'music.view', restrictions: [] },
    { id: 2, name: 'music.download', restrictions: [] },
  ],
});

function renderButton(opts: {
  url: string | null;
  user?: ReturnType<typeof makeUser> | null;
  billing: boolean;
}) {
  return renderRoutes(
    [
      {
        path: '/',
        element: (
          <>
            <p>track page</p>
            <DownloadButton url={opts.url} name="Tizita" />
          </>
        ),
      },
    ],
    '/',
    makeBootstrap({
      user: opts.user === undefined ? makeUser() : opts.user,
      settings: { billing: { enable: opts.billing } },
    }),
  );
}

describe('downloadState', () => {
  it.each([
    [null, true, true, 'hidden'],
    ['/api/v1/tracks/1/download', true, false, 'download'],
    ['/api/v1/tracks/1/download', false, true, 'upgrade'],
    ['/api/v1/tracks/1/download', false, false, 'hidden'],
  ] as const)('url %s, permission %s, billing %s → %s', (url, canDownload, billingEnabled, expected) => {
    expect(downloadState({ url, canDownload, billingEnabled })).toBe(expected);
  });
});

describe('DownloadButton', () => {
  it('is a plain download link for a user with music.download', async () => {
    renderButton({ url: '/api/v1/tracks/5/download', user: withDownload, billing: true });
    const link = await screen.findByRole('link', { name: 'Download Tizita' });
    expect(link.getAttribute('href')).toBe('/api/v1/tracks/5/download');
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('opens the upgrade dialog leading to /pricing without the permission while billing is on', async () => {
    renderButton({ url: '/api/v1/tracks/5/download', billing: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Download Tizita' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upgrade your plan' });
    expect(within(dialog).getByText('Downloads')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/pricing');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is hidden without the permission when billing is off, and where the artist allows no downloads', async () => {
    const first = renderButton({ url: '/api/v1/tracks/5/download', billing: false });
    await screen.findByText('track page');
    expect(screen.queryByRole('button', { name: 'Download Tizita' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Download Tizita' })).toBeNull();
    first.unmount();
    resetBootstrapStore();
    renderButton({ url: null, user: withDownload, billing: true });
    await screen.findByText('track page');
    expect(screen.queryByRole('link', { name: 'Download Tizita' })).toBeNull();
  });
});
