import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminPayment } from '@zema/contracts/admin';
import { describe, expect, it, vi } from 'vitest';
import { RefundDialog } from './refund-dialog';

const paid: AdminPayment = {
  id: 41,
  tx_ref: 'zema-abcdefghijklmnopqrstuvwx',
  user: { id: 3, name: 'Abebe', email: 'abebe@example.com' },
  status: 'succeeded',
  purpose: 'new',
  gateway: 'chapa',
  product_name: 'Premium',
  amount: 19_900,
  currency: 'ETB',
  credit: 0,
  method: 'telebirr',
  gateway_reference: 'APx1',
  failure_reason: null,
  refunded_amount: 4_900,
  refunded_at: '2026-11-20T10:00:00.000Z',
  subscription_id: 9,
  created_at: '2026-11-01T10:00:00.000Z',
  processed_at: '2026-11-01T10:01:00.000Z',
};

function open(over: Partial<Parameters<typeof RefundDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  render(
    <RefundDialog
      payment={paid}
      onOpenChange={() => {}}
      onSubmit={onSubmit}
      isPending={false}
      errors={{}}
      message={null}
      {...over}
    />,
  );
  return onSubmit;
}

describe('the refund dialog', () => {
  it('prefills what is left in major units and sends all of it by default, with a once-per-dialog key', async () => {
    const onSubmit = open();
    const amount = screen.getByRole('textbox', { name: /Amount to refund/ }) as HTMLInputElement;
    expect(amount.value).toBe('150.00');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(onSubmit).toHaveBeenCalledWith({
      amount: 15_000,
      idempotency_key: expect.stringMatching(/^[0-9a-f]{36}$/),
    });
  });

  it('sends a part with the reason and the end of the plan, as integer minor units', async () => {
    const onSubmit = open();
    const amount = screen.getByRole('textbox', { name: /Amount to refund/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '19.99');
    await userEvent.type(screen.getByRole('textbox', { name: /Reason/ }), 'Charged twice');
    await userEvent.click(screen.getByRole('checkbox', { name: 'End the subscription now' }));
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ amount: 1_999, reason: 'Charged twice', end_subscription: true }),
    );
  });

  it('refuses more than is left, or no amount, before asking the server', async () => {
    const onSubmit = open();
    const amount = screen.getByRole('textbox', { name: /Amount to refund/ });
    await userEvent.clear(amount);
    await userEvent.type(amount, '150.01');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText(/is left to refund/)).toBeTruthy();
    await userEvent.clear(amount);
    await userEvent.type(amount, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByText('Enter an amount like 199.00.')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's errors in the dialog: on the field, or as a message", () => {
    open({ errors: { amount: 'That is more than is left to refund of this payment.' }, message: 'x' });
    expect(screen.getByText('That is more than is left to refund of this payment.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says when the gateway refused, and offers no plan ending for a payment without one', () => {
    open({
      payment: { ...paid, subscription_id: null },
      message: 'The payment service refused the refund: insufficient balance',
    });
    expect(screen.getByRole('alert').textContent).toMatch(/insufficient balance/);
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
