import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InvoiceStatusBadge } from './status-badge';

describe("an invoice's status on the billing page", () => {
  it('says paid, partly refunded or refunded by what came back of the total', () => {
    const { rerender } = render(<InvoiceStatusBadge invoice={{ total: 19_900, refunded: 0 }} />);
    expect(screen.getByText('Paid')).toBeTruthy();
    rerender(<InvoiceStatusBadge invoice={{ total: 19_900, refunded: 5_000 }} />);
    expect(screen.getByText('Partly refunded')).toBeTruthy();
    rerender(<InvoiceStatusBadge invoice={{ total: 19_900, refunded: 19_900 }} />);
    expect(screen.getByText('Refunded')).toBeTruthy();
    expect(screen.queryByText('Paid')).toBeNull();
  });
});
