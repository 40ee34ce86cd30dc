import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type TransFn, translate } from '#src/lib/i18n';
import { richMessage } from './rich-message';

const transWith =
  (lines: Record<string, string>): TransFn =>
  (message, values) =>
    translate(lines, message, values);

describe('richMessage', () => {
  it('puts the nodes where the English sentence has its arguments', () => {
    const { container } = render(
      <p>
        {richMessage(transWith({}), 'ETB payments go to {etb}; USD payments go to {usd}.', {
          etb: <b>Chapa</b>,
          usd: <b>Stripe</b>,
        })}
      </p>,
    );
    expect(container.innerHTML).toBe(
      '<p>ETB payments go to <b>Chapa</b>; USD payments go to <b>Stripe</b>.</p>',
    );
  });

  it('follows the word order of the translated line', () => {
    const { container } = render(
      <p>
        {richMessage(
          transWith({ 'Mail goes out as {sender}': '{sender} ሆኖ ይላካል' }),
          'Mail goes out as {sender}',
          {
            sender: <b>a@b.c</b>,
          },
        )}
      </p>,
    );
    expect(container.innerHTML).toBe('<p><b>a@b.c</b> ሆኖ ይላካል</p>');
  });
});
