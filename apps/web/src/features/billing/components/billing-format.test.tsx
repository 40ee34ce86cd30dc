import { render, screen } from '@testing-library/react';
import { GATEWAYS, PAYMENT_PURPOSES, PAYMENT_STATUSES, SUBSCRIPTION_STATUSES } from '@zema/contracts';
import { describe, expect, it } from 'vitest';
import { translate } from '#src/lib/i18n';
import { CODE_LABELS, codeText, Status } from './billing-format';

const trans = (message: string, values?: Record<string, string | number>) => translate({}, message, values);

describe('billing codes in words', () => {
  it('names every status, gateway and purpose in words, never the code', () => {
    for (const code of [...PAYMENT_STATUSES, ...SUBSCRIPTION_STATUSES, ...GATEWAYS, ...PAYMENT_PURPOSES]) {
      expect(CODE_LABELS[code], code).toBeTruthy();
      expect(codeText(trans, code)).not.toBe(code);
    }
    expect(codeText(trans, 'succeeded')).toBe('Paid');
    expect(codeText(trans, 'past_due')).toBe('Past due');
    expect(codeText(trans, 'manual')).toBe('Granted by an admin');
  });

  it('keeps the code on hover', () => {
    render(
      <Status tone="positive" code="succeeded">
        Paid
      </Status>,
    );
    expect(screen.getByText('Paid').getAttribute('title')).toBe('succeeded');
  });
});
