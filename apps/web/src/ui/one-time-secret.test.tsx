import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPIED_MS } from './copy-button';
import { OneTimeSecret, type OneTimeSecretProps } from './one-time-secret';

const SECRET = '12|a4f0c2b7e9d14e6b8c3f5a7d9e1b3c5d';
const writeText = vi.fn(async (_text: string) => undefined);

beforeEach(() => {
  writeText.mockClear();
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  // The copy command a test put on the document (its prototype's is jsdom's own).
  Reflect.deleteProperty(document, 'execCommand');
});

function renderSecret(props: Partial<OneTimeSecretProps> = {}) {
  const onDone = vi.fn();
  render(
    <OneTimeSecret
      value={SECRET}
      label="Your new token"
      copyLabel="Copy token"
      warning="Copy it now: you will not see it again."
      onDone={onDone}
      {...props}
    />,
  );
  return { onDone };
}

describe('OneTimeSecret', () => {
  it('shows the secret read-only and focused, under the warning as an alert', async () => {
    renderSecret();
    const field = screen.getByLabelText('Your new token') as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    // Focus moves in once the field is mounted (an effect), not during the render itself.
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByRole('alert').textContent).toBe('Copy it now: you will not see it again.');
  });

  it("copies the secret and says 'Copied!' for a second", async () => {
    renderSecret();
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    await act(async () => {
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(screen.getByText('Copied!')).toBeTruthy();
    act(() => vi.advanceTimersByTime(COPIED_MS));
    expect(screen.queryByText('Copied!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
  });

  it('copies with the copy command when the browser refuses the clipboard API', async () => {
    writeText.mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    const copied: string[] = [];
    const execCommand = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      if (command === 'copy' && area) copied.push(area.value);
      return true;
    });
    Object.defineProperty(document, 'execCommand', { value: execCommand, configurable: true });
    renderSecret();
    await userEvent.click(screen.getByRole('button', { name: 'Copy token' }));
    expect(await screen.findByText('Copied!')).toBeTruthy();
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(copied).toEqual([SECRET]);
    // The helper field is gone again.
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('shows what goes with the secret before Done, and Done hands back', async () => {
    const { onDone } = renderSecret({ children: <p>Sign in with it.</p> });
    const extra = screen.getByText('Sign in with it.');
    const done = screen.getByRole('button', { name: 'Done' });
    // The extra part sits between the secret and Done.
    expect(
      screen.getByLabelText('Your new token').compareDocumentPosition(extra) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(extra.compareDocumentPosition(done) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(done);
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
