import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetBootstrapStore, setBootstrapData } from '#src/lib/bootstrap-store';
import { makeBootstrap } from '#test/bootstrap-factory';
import { ClearFiltersButton, DateRangeFilter, dateRangeText, FilterSelect } from './list-toolbar';

function Toolbar() {
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  return (
    <>
      <FilterSelect
        label="Status"
        anyLabel="Any status"
        options={[
          { id: 'sent', label: 'Sent' },
          { id: 'failed', label: 'Failed' },
        ]}
        value={filters.status}
        onChange={(status) => setFilters((f) => ({ ...f, status }))}
      />
      <ClearFiltersButton
        filters={['status']}
        values={filters}
        onClear={(cleared) => setFilters((f) => ({ ...f, ...cleared }))}
      />
      <output aria-label="Filters">{JSON.stringify(filters)}</output>
    </>
  );
}

describe('admin list toolbar', () => {
  it('a filter is a choice or its absence; "Clear filters" shows only while one is set', async () => {
    const user = userEvent.setup();
    render(<Toolbar />);
    const trigger = screen.getByRole('button', { name: /Status/ });
    expect(trigger.textContent).toContain('Any status');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();

    await user.click(trigger);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Failed' }));
    expect(screen.getByRole('status', { name: 'Filters' }).textContent).toBe('{"status":"failed"}');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByRole('status', { name: 'Filters' }).textContent).toBe('{}');
    expect(screen.getByRole('button', { name: /Status/ }).textContent).toContain('Any status');

    await user.click(screen.getByRole('button', { name: /Status/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Sent' }));
    await user.click(screen.getByRole('button', { name: /Status/ }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Any status' }));
    expect(screen.getByRole('status', { name: 'Filters' }).textContent).toBe('{}');
  });
});

function Dates() {
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  return (
    <>
      <button type="button">Before</button>
      <DateRangeFilter label="Date" from={range.from} to={range.to} onChange={setRange} />
      <button type="button">After</button>
      <output aria-label="Range">{JSON.stringify(range)}</output>
    </>
  );
}

describe('DateRangeFilter', () => {
  it('is one Tab stop that says the range, and sets it from a preset or two days', async () => {
    const u = userEvent.setup();
    render(<Dates />);
    await u.tab();
    await u.tab();
    const button = screen.getByRole('button', { name: 'Date: Any time' });
    expect(document.activeElement).toBe(button);
    await u.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));

    await u.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Date' });
    await u.click(within(dialog).getByRole('button', { name: 'Last 7 days' }));
    const week = new Date();
    week.setDate(week.getDate() - 6);
    expect(screen.getByLabelText('Range').textContent).toBe(
      JSON.stringify({ from: week.toLocaleDateString('en-CA') }),
    );

    await u.click(screen.getByRole('button', { name: /^Date: From / }));
    const again = await screen.findByRole('dialog', { name: 'Date' });
    const from = within(again).getByLabelText('From');
    const to = within(again).getByLabelText('To');
    await u.clear(from);
    await u.type(from, '2026-11-01');
    await u.type(to, '2026-11-28');
    await u.click(within(again).getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Range').textContent).toBe(
      JSON.stringify({ from: '2026-11-01', to: '2026-11-28' }),
    );
    expect(
      screen.getByRole('button', { name: `Date: ${dateRangeText('2026-11-01', '2026-11-28')}` }),
    ).toBeTruthy();
  });
});

describe('DateRangeFilter in another language', () => {
  afterEach(() => {
    window.bootstrapData = undefined;
    resetBootstrapStore();
  });

  it("says the range with the reader's lines, in their word order", () => {
    setBootstrapData(
      makeBootstrap({
        i18n: {
          locale: { id: 2, name: 'አማርኛ', language: 'am' },
          lines: { '{label}: {range}': '{label}፦ {range}', 'Any time': 'በማንኛውም ጊዜ' },
        },
      }),
    );
    render(<DateRangeFilter label="ቀን" from={undefined} to={undefined} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: 'ቀን፦ በማንኛውም ጊዜ' })).toBeTruthy();
  });
});
