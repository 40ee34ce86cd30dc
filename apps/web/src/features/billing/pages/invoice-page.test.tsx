import { screen, waitFor } from '@testing-library/react';
import type { InvoiceDocument } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { makeBootstrap, makeUser } from '#test/bootstrap-factory';
import { mockApi, ok } from '#test/mock-api';
import { renderRoutes } from '#test/render-app';
import InvoicePage from './invoice-page';

const doc = (patch: Partial<InvoiceDocument['invoice']> = {}): InvoiceDocument => ({
  invoice: {
    id: 1,
    number: 42,
    display_number: 'ZEMA-2026-000042',
    currency: 'ETB',
    subtotal: 17_304,
    tax_rate_bp: 1500,
    tax: 2_596,
    total: 19_900,
    buyer_name: 'Abebe Kebede',
    buyer_email: 'abebe@example.com',
    buyer_tin: null,
    lines: [{ description: 'Premium — 1 month', amount: 19_900 }],
    issued_at: '2026-11-27T10:00:00.000Z',
    refunded: 0,
    refunded_at: null,
    ...patch,
  },
  seller: {
    name: 'Zema Music PLC',
    url: 'https://zema.example',
    address: 'Bole Road 12\nAddis Ababa',
    tin: '0012345678',
    notes: null,
  },
  payment: { gateway: 'sandbox', method: 'sandbox', tx_ref: 'zema-abcdefghijklmnopqrstuvwx' },
});

function show(answer: InvoiceDocument) {
  mockApi((call) => (call.path === '/api/v1/billing/invoices/42' ? ok(answer) : undefined));
  renderRoutes(
    [{ path: '/billing/invoices/:number', element: <InvoicePage /> }],
    '/billing/invoices/42',
    makeBootstrap({ user: makeUser(), settings: { billing: { enable: true } } }),
  );
}

describe('the invoice page', () => {
  it('prints the number as issued and the seller’s legal name, address and TIN', async () => {
    show(doc());
    expect(await screen.findByText('Invoice number: ZEMA-2026-000042')).toBeTruthy();
    expect(screen.getByText('Zema Music PLC')).toBeTruthy();
    expect(screen.getByText(/Bole Road 12\s+Addis Ababa/)).toBeTruthy();
    expect(screen.getByText('TIN: 0012345678')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Invoice ZEMA-2026-000042 - Zema'));
  });

  it('prints an invoice from before prefixes with the bare number it was issued with', async () => {
    show(doc({ display_number: '42' }));
    expect(await screen.findByText('Invoice number: 42')).toBeTruthy();
  });
});
