import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RadioStationAdmin } from '@zema/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import AdminRadioPage from './admin-radio-page';

beforeEach(() => resetBootstrapStore());

const station = (id: number, name: string, over: Partial<RadioStationAdmin> = {}): RadioStationAdmin => ({
  id,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  name,
  description: '',
  cover: null,
  streams: [],
  hls_url: null,
  builtin: false,
  has_now_playing: true,
  source: { kind: 'icecast', base_url: 'https://ice.example', mounts: [] },
  public: true,
  position: id,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

const STATIONS = [
  station(1, 'Zema Radio', {
    builtin: true,
    source: { kind: 'builtin', channel_id: null, rule: 'random', bitrate: 32, schedule: [] },
  }),
  station(2, 'Addis FM', { public: false }),
  station(3, 'Sheger', { source: { kind: 'none' } }),
];

describe('the stations list (/admin/radio)', () => {
  it('lists every station with its source and visibility, and saves a new order at once', async () => {
    let order = STATIONS;
    const calls = mockApi((call) => {
      if (call.path === '/api/v1/admin/radio/stations') return ok({ stations: order, ffmpeg: true });
      if (call.path === '/api/v1/admin/radio/stations/reorder') {
        const ids = (call.body as { ids: number[] }).ids;
        order = ids.map((id) => STATIONS.find((s) => s.id === id)!);
        return ok({ ok: true });
      }
      return undefined;
    });
    renderRoutes([{ path: '/admin/radio', element: <AdminRadioPage /> }], '/admin/radio', makeBootstrap());
    const table = await screen.findByRole('grid', { name: 'Stations' });
    const rows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent ?? '');
    expect(rows()[0]).toContain('Zema Radio');
    expect(rows()[0]).toContain('Built-in: plays the catalogue');
    expect(rows()[1]).toContain('Hidden');
    expect(rows()[2]).toContain('None');
    expect(screen.getByRole('button', { name: 'Move Zema Radio up' }).hasAttribute('disabled')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Move Sheger up' }));
    await waitFor(() => expect(rows()[1]).toContain('Sheger'));
    const reorder = calls.find((c) => c.path === '/api/v1/admin/radio/stations/reorder');
    expect(reorder?.body).toEqual({ ids: [1, 3, 2] });
  });
});
