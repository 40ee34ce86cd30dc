import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Chip, ChipList } from './chip';
import { Tooltip } from './tooltip';

describe('ChipList', () => {
  it('renders chips with remove buttons that report the removed key', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    const genres = [
      { id: 'jazz', name: 'Jazz' },
      { id: 'ethio', name: 'Ethio-jazz' },
    ];
    render(
      <ChipList label="Genres" items={genres} onRemove={onRemove}>
        {(g) => <Chip id={g.id}>{g.name}</Chip>}
      </ChipList>,
    );
    expect(screen.getByRole('grid', { name: 'Genres' })).toBeTruthy();
    const removeButtons = screen.getAllByRole('button', { name: /Remove/ });
    expect(removeButtons).toHaveLength(2);
    await user.click(removeButtons[1]!);
    const removed = onRemove.mock.calls[0]?.[0] as Set<string> | undefined;
    expect([...(removed ?? [])]).toEqual(['ethio']);
  });

  it('has no remove buttons when chips are not removable', () => {
    render(
      <ChipList aria-label="Tags">
        <Chip id="a">Live</Chip>
      </ChipList>,
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('Tooltip', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens after 1500 ms of hover and closes 500 ms after leaving', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Add to queue">
        <Button variant="icon" aria-label="Queue">
          +
        </Button>
      </Tooltip>,
    );
    const trigger = screen.getByRole('button', { name: 'Queue' });
    fireEvent.pointerOver(trigger, { pointerType: 'mouse' });
    fireEvent.pointerEnter(trigger, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('tooltip').textContent).toContain('Add to queue');
    fireEvent.pointerOut(trigger, { pointerType: 'mouse' });
    fireEvent.pointerLeave(trigger, { pointerType: 'mouse' });
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(screen.queryByRole('tooltip')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('opens at once on keyboard focus', async () => {
    render(
      <Tooltip content="Shuffle">
        <Button variant="icon" aria-label="Shuffle">
          S
        </Button>
      </Tooltip>,
    );
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => screen.getByRole('button', { name: 'Shuffle' }).focus());
    expect(screen.getByRole('tooltip').textContent).toContain('Shuffle');
  });
});
