import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ClearFiltersButton, FilterSelect } from './list-toolbar';

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
