import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPrice } from '@zema/contracts/admin';
import { describe, expect, it, vi } from 'vitest';
import { PriceDialog } from './price-dialog';

const bought: AdminPrice = {
  id: 7,
  product_id: 2,
  currency: 'USD',
  amount: 499,
  interval: 'month',
  interval_count: 1,
  archived_at: null,
  subscriptions_count: 3,
  payments_count: 4,
};

function open(price: AdminPrice | null, onSubmit = vi.fn()) {
  render(
    <PriceDialog
      price={price}
      isOpen
      onOpenChange={() => {}}
      onSubmit={onSubmit}
      isPending={false}
      errors={{}}
    />,
  );
  return onSubmit;
}

describe('the plan editor price form', () => {
  it('sends the typed decimal as integer minor units', async () => {
    const onSubmit = open(null);
    await userEvent.type(screen.getByRole('textbox', { name: /Amount/ }), '19.99');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    expect(onSubmit).toHaveBeenCalledWith({
      currency: 'ETB',
      amount: 1_999,
      interval: 'month',
      interval_count: 1,
    });
  });

  it('shows a bought price as a decimal, warns it will be replaced, and refuses a bad amount', async () => {
    const onSubmit = open(bought);
    const amount = screen.getByRole('textbox', { name: /Amount/ });
    expect((amount as HTMLInputElement).value).toBe('4.99');
    expect(screen.getByText(/it is archived/)).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5.999');
    await userEvent.click(screen.getByRole('button', { name: 'Replace price' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText('Enter an amount like 199.00.')).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '5.49');
    await userEvent.click(screen.getByRole('button', { name: 'Replace price' }));
    expect(onSubmit).toHaveBeenCalledWith({
      currency: 'USD',
      amount: 549,
      interval: 'month',
      interval_count: 1,
    });
  });
});
