import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminBillingSettings, AdminSettingsResponse } from '@zema/contracts/admin';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeSettings, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import { BillingSettings } from './billing-settings';

const secret = { set: false, unreadable: false };

function billing(patch: Partial<AdminBillingSettings> = {}): AdminBillingSettings {
  return {
    vat_rate_bp: 1500,
    invoice_prefix: 'ZEMA',
    seller_name: null,
    invoice_address: null,
    invoice_notes: null,
    seller_tin: null,
    grace_days: 3,
    reminder_days: 3,
    chapa: { secret_key: secret, webhook_secret: secret, usd: false, webhook_url: 'http://x/chapa' },
    stripe: {
      secret_key: secret,
      webhook_secret: secret,
      publishable_key: null,
      webhook_url: 'http://x/stripe',
    },
    gateways: { ETB: 'sandbox', USD: 'sandbox' },
    ...patch,
  };
}

// Only the billing group is read by this form; the rest of the admin's view is not.
const viewWith = (b: AdminBillingSettings) =>
  ({
    settings: makeSettings({ billing: { enable: true } }),
    server: { billing: b },
    channels: [],
  }) as unknown as AdminSettingsResponse;

function show(b: AdminBillingSettings) {
  return renderRoutes(
    [{ path: '*', element: <BillingSettings view={viewWith(b)} /> }],
    '/admin/settings/billing',
    makeBootstrap({ user: makeUser() }),
  );
}

describe('billing settings: the seller on invoices', () => {
  it('warns while the seller’s legal name, address and TIN are empty, naming what is missing', async () => {
    show(billing());
    expect((await screen.findByRole('alert')).textContent).toBe(
      "Invoices are issued without the seller's legal name, address, and TIN: fill in Invoices and tax below, as tax invoices must show who sells.",
    );
  });

  it('names only what is still missing, and says nothing once all three are set', async () => {
    const { unmount } = show(
      billing({ seller_name: 'Zema Music PLC', invoice_address: 'Bole, Addis Ababa' }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain("without the seller's TIN: fill in");
    unmount();
    show(
      billing({
        seller_name: 'Zema Music PLC',
        invoice_address: 'Bole, Addis Ababa',
        seller_tin: '0012345678',
      }),
    );
    await screen.findByRole('textbox', { name: "Seller's legal name" });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names the gateway that takes each currency, in one sentence', async () => {
    show(billing({ gateways: { ETB: 'chapa', USD: 'sandbox' } }));
    expect((await screen.findByTestId('billing-gateways')).textContent).toBe(
      'ETB payments go to Chapa; USD payments go to Sandbox (test mode).',
    );
  });

  it('saves the seller’s legal name like the other billing settings', async () => {
    const saved = billing({
      seller_name: 'Zema Music PLC',
      invoice_address: 'Bole',
      seller_tin: '0012345678',
    });
    const calls = mockApi((call) =>
      call.method === 'POST' && call.path === '/api/v1/settings' ? ok(viewWith(saved)) : undefined,
    );
    show(billing({ invoice_address: 'Bole', seller_tin: '0012345678' }));
    await userEvent.type(
      await screen.findByRole('textbox', { name: "Seller's legal name" }),
      'Zema Music PLC',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ 'server.billing.seller_name': 'Zema Music PLC' });
  });
});
