import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayerEngine, PlayerSnapshot } from '../lib/audio-engine';
import { setPlayerForTests } from '../lib/use-player';
import { SeekBar, VolumeControl } from './player-controls';

/** Just the parts of the engine the sliders read and call. */
function fakePlayer(state: Partial<PlayerSnapshot>) {
  const listeners = new Set<() => void>();
  let snapshot = { index: 0, position: 0, duration: 0, buffered: 0, volume: 1, muted: false, ...state };
  const player = {
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getSnapshot: () => snapshot,
    seek: vi.fn((seconds: number) => {
      snapshot = { ...snapshot, position: seconds };
      for (const l of listeners) l();
    }),
    setVolume: vi.fn(),
    toggleMute: vi.fn(),
  };
  setPlayerForTests(player as unknown as PlayerEngine);
  return player;
}

afterEach(() => setPlayerForTests(null));

describe('SeekBar', () => {
  it('announces the position as a time out of the length, and keeps it current while seeking by keyboard', async () => {
    const player = fakePlayer({ position: 65.4, duration: 200, buffered: 120 });
    render(<SeekBar />);
    const seek = screen.getByRole('slider', { name: 'Seek' });
    expect(seek.getAttribute('aria-valuetext')).toBe('1:05 of 3:20');

    await userEvent.click(seek);
    fireEvent.keyDown(seek, { key: 'ArrowRight' });
    fireEvent.keyUp(seek, { key: 'ArrowRight' });
    // Arrow keys move to the next 5 s step and the player seeks there.
    await waitFor(() => expect(player.seek).toHaveBeenCalledWith(70));
    await waitFor(() => expect(seek.getAttribute('aria-valuetext')).toBe('1:10 of 3:20'));
  });
});

describe('VolumeControl', () => {
  it('announces the volume as a percentage', () => {
    fakePlayer({ volume: 0.8 });
    render(<VolumeControl />);
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe('80%');
  });

  it('announces 0% while muted', () => {
    fakePlayer({ volume: 0.8, muted: true });
    render(<VolumeControl />);
    expect(screen.getByRole('slider', { name: 'Volume' }).getAttribute('aria-valuetext')).toBe('0%');
  });
});
