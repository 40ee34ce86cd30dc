import { msg } from '@zema/contracts';
import type { PlayerEngine } from './audio-engine';

export interface Shortcut {
  keys: string;
  label: string;
}

/** Shown in the help dialog (?), in this order; labels (and the word Space) are catalogue sources. */
export const SHORTCUTS: Shortcut[] = [
  { keys: msg('Space'), label: msg('Play / pause') },
  { keys: '←  /  →', label: msg('Seek back / forward 5 seconds') },
  { keys: 'Shift + ←  /  Shift + →', label: msg('Previous / next track') },
  { keys: '↑  /  ↓', label: msg('Volume up / down') },
  { keys: 'M', label: msg('Mute / unmute') },
  { keys: 'S', label: msg('Shuffle on / off') },
  { keys: 'R', label: msg('Repeat: off, all, one') },
  { keys: '?', label: msg('Show these shortcuts') },
];

export const SEEK_STEP_SECONDS = 5;
export const VOLUME_STEP = 0.05;

/** Typing in a field, a slider or a menu must never trigger the player. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  const role = target.getAttribute('role');
  return (
    role === 'slider' || role === 'textbox' || role === 'combobox' || role === 'menuitem' || role === 'option'
  );
}

/**
 * Handles one keydown; returns true when it was a player shortcut (the caller prevents the
 * default, e.g. Space scrolling the page). Keys on buttons are left alone so Space still presses
 * the focused button.
 */
export function handleShortcut(e: KeyboardEvent, player: PlayerEngine, openHelp: () => void): boolean {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return false;
  if (isTypingTarget(e.target)) return false;
  if (e.key === '?') {
    openHelp();
    return true;
  }
  const onControl =
    e.target instanceof Element &&
    !!e.target.closest('button, a, [role="button"], [role="row"], [role="gridcell"]');
  switch (e.key) {
    case ' ':
      if (onControl) return false;
      player.toggle();
      return true;
    case 'ArrowLeft':
      if (onControl && !e.shiftKey) return false;
      if (e.shiftKey) player.previous();
      else player.seekBy(-SEEK_STEP_SECONDS);
      return true;
    case 'ArrowRight':
      if (onControl && !e.shiftKey) return false;
      if (e.shiftKey) player.next();
      else player.seekBy(SEEK_STEP_SECONDS);
      return true;
    case 'ArrowUp':
      if (onControl) return false;
      player.volumeBy(VOLUME_STEP);
      return true;
    case 'ArrowDown':
      if (onControl) return false;
      player.volumeBy(-VOLUME_STEP);
      return true;
  }
  switch (e.key.toLowerCase()) {
    case 'm':
      player.toggleMute();
      return true;
    case 's':
      player.toggleShuffle();
      return true;
    case 'r':
      player.cycleRepeat();
      return true;
  }
  return false;
}
