import { screen, within } from '@testing-library/react';
import type { InsightsResponse } from '@zema/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetBootstrapStore } from '#src/lib/bootstrap-store';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderInRouter } from '#test/render-app';
import { Insights } from './backstage-insights-page';

// jsdom has no canvas: the chart draws nothing here, its table of the same numbers still renders.
vi.mock('uplot', () => ({
  default: class {
    setSize() {}
    destroy() {}
  },
}));

beforeEach(() => resetBootstrapStore());

const base: InsightsResponse = {
  artist: { id: 7, name: 'Selam' },
  range: {
    range: '7d',
    from: '2026-11-21',
    to: '2026-11-27',
    previous_from: '2026-11-14',
    previous_to: '2026-11-20',
    granularity: 'day',
  },
  plays: { value: 6, previous: 4 },
  listeners: { value: 3, previous: 0 },
  series: ['21', '22', '23', '24', '25', '26', '27'].map((d, i) => ({
    label: `2026-11-${d}`,
    plays: i === 6 ? 5 : i === 3 ? 1 : 0,
  })),
  top_tracks: [
    { id: 1, name: 'Tizita', plays: 4 },
    { id: 2, name: 'Ambassel', plays: 2 },
  ],
  countries: [
    { key: 'ET', plays: 5 },
    { key: null, plays: 1 },
  ],
  devices: [
    { key: 'mobile', plays: 4 },
    { key: 'computer', plays: 2 },
  ],
};

function show(data: InsightsResponse) {
  mockApi((call) => (call.path === '/api/v1/backstage/artists' ? ok({ artists: [] }) : undefined));
  renderInRouter(<Insights data={data} />, makeBootstrap({ user: makeUser() }));
}

describe("the backstage's insights", () => {
  it('shows the figures against the period before, the top tracks, countries and devices', () => {
    show(base);
    expect(screen.getByText('+50% on the period before (4)')).toBeTruthy();
    expect(screen.getByText('None the period before')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Top tracks, most played first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Tizita4', '2Ambassel2']);
    const countries = screen.getByRole('region', { name: 'Countries' });
    expect(within(countries).getByText('Ethiopia')).toBeTruthy();
    expect(within(countries).getByText('Unknown')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Devices' })).getByText('Phone')).toBeTruthy();
    // The chart's numbers as a table, day labels as people read them.
    const chart = screen.getByRole('table', { name: 'Plays over time' });
    expect(within(chart).getByRole('rowheader', { name: '27 Nov' })).toBeTruthy();
  });

  it('says so when nothing was played in the range', () => {
    show({
      ...base,
      plays: { value: 0, previous: 0 },
      listeners: { value: 0, previous: 0 },
      series: base.series.map((p) => ({ ...p, plays: 0 })),
      top_tracks: [],
      countries: [],
      devices: [],
    });
    expect(screen.getByText('No plays yet')).toBeTruthy();
    expect(screen.getByText(/Nobody has played Selam in the last 7 days/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Top tracks, most played first' })).toBeNull();
  });
});
