import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchableSelect, Select } from './select';

const currencies = [
  { id: 'ETB', label: 'Ethiopian Birr (ETB)' },
  { id: 'USD', label: 'US Dollar (USD)' },
];

describe('Select', () => {
  it('is labelled, opens a listbox and reports the chosen key', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Select label="Currency" items={currencies} defaultValue="ETB" onChange={onChange} />);
    const trigger = screen.getByRole('button', { name: /Currency/ });
    expect(trigger.textContent).toContain('Ethiopian Birr (ETB)');
    await user.click(trigger);
    const listbox = screen.getByRole('listbox');
    await user.click(within(listbox).getByRole('option', { name: 'US Dollar (USD)' }));
    expect(onChange.mock.calls[0]?.[0]).toBe('USD');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it("shows 'There are no items matching your query' when the list is empty", async () => {
    const user = userEvent.setup();
    render(<Select label="Language" items={[]} />);
    await user.click(screen.getByRole('button', { name: /Language/ }));
    expect(
      within(screen.getByRole('listbox')).getByText('There are no items matching your query'),
    ).toBeTruthy();
  });

  it('shows its error message and marks itself invalid', () => {
    render(<Select label="Country" items={currencies} errorMessage="Pick a country" />);
    expect(screen.getByText('Pick a country')).toBeTruthy();
  });

  it('caps the popup at 420 px', async () => {
    const user = userEvent.setup();
    render(<Select label="Currency" items={currencies} />);
    await user.click(screen.getByRole('button', { name: /Currency/ }));
    const popover = screen.getByRole('listbox').closest<HTMLElement>('[data-trigger]');
    const max = Number.parseFloat(popover?.style.maxHeight ?? '');
    expect(max).toBeLessThanOrEqual(420);
  });
});

describe('SearchableSelect', () => {
  const zones = [
    { id: 'Africa/Addis_Ababa', label: 'Africa/Addis Ababa' },
    { id: 'Europe/Berlin', label: 'Europe/Berlin' },
    { id: 'America/New_York', label: 'America/New York' },
  ];

  it('filters as you type', async () => {
    const user = userEvent.setup();
    render(<SearchableSelect label="Time zone" items={zones} />);
    await user.type(screen.getByRole('combobox', { name: 'Time zone' }), 'ber');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Europe/Berlin']);
  });

  it("shows 'There are no items matching your query' when nothing matches", async () => {
    const user = userEvent.setup();
    render(<SearchableSelect label="Time zone" items={zones} />);
    await user.type(screen.getByRole('combobox', { name: 'Time zone' }), 'zzz');
    expect(
      within(screen.getByRole('listbox')).getByText('There are no items matching your query'),
    ).toBeTruthy();
  });
});
