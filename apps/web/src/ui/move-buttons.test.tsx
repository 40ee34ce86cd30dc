import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MoveButtons, type MoveButtonsProps } from './move-buttons';

function renderButtons(props: Partial<MoveButtonsProps> = {}) {
  const onMove = vi.fn();
  render(
    <div>
      <MoveButtons label="Sheger" isFirst={false} isLast={false} onMove={onMove} {...props} />
    </div>,
  );
  return {
    onMove,
    up: screen.getByRole('button', { name: 'Move Sheger up' }) as HTMLButtonElement,
    down: screen.getByRole('button', { name: 'Move Sheger down' }) as HTMLButtonElement,
  };
}

describe('MoveButtons', () => {
  it('names both buttons after the item and moves it one place up or down', async () => {
    const { onMove, up, down } = renderButtons();
    await userEvent.click(up);
    expect(onMove).toHaveBeenLastCalledWith(-1);
    await userEvent.click(down);
    expect(onMove).toHaveBeenLastCalledWith(1);
    expect(onMove).toHaveBeenCalledTimes(2);
  });

  it('cannot move the first item up nor the last item down', async () => {
    const first = renderButtons({ isFirst: true });
    expect(first.up.disabled).toBe(true);
    expect(first.down.disabled).toBe(false);
    await userEvent.click(first.up);
    expect(first.onMove).not.toHaveBeenCalled();
  });

  it('turns the down button off for the last item', () => {
    const last = renderButtons({ isLast: true });
    expect(last.up.disabled).toBe(false);
    expect(last.down.disabled).toBe(true);
  });

  it('turns both off for a lone item', () => {
    const lone = renderButtons({ isFirst: true, isLast: true });
    expect(lone.up.disabled).toBe(true);
    expect(lone.down.disabled).toBe(true);
  });

  it('turns both off when disabled', async () => {
    const { onMove, up, down } = renderButtons({ isDisabled: true });
    expect(up.disabled).toBe(true);
    expect(down.disabled).toBe(true);
    await userEvent.click(down);
    expect(onMove).not.toHaveBeenCalled();
  });
});
