import { PLAY_COUNT_AFTER_SECONDS, type Track } from '@zema/contracts';
import { player as playerOps } from '@zema/contracts/player/player.operations';
import { useSyncExternalStore } from 'react';
import { api } from '#src/lib/api-client';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { translate } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { PlayerEngine, type PlayerSnapshot } from './audio-engine';
import { currentItem } from './queue';

let engine: PlayerEngine | null = null;

/**
 * The app-wide player, created on first use and kept for the life of the page, so music goes on
 * while the user moves between the landing page, the player area and the artist pages.
 */
export function getPlayer(): PlayerEngine {
  if (!engine) {
    engine = new PlayerEngine({
      storage: typeof localStorage === 'undefined' ? undefined : localStorage,
      container: typeof document === 'undefined' ? null : document.body,
      // What the engine needs from the app, given here so that it stays free of the API and the UI.
      reportPlay: (id, body) => api.call(playerOps.recordPlay, { params: { id }, body }),
      defaultVolume: (getBootstrapData()?.settings.player?.default_volume ?? 100) / 100,
      countPlayAfterSeconds: () =>
        getBootstrapData()?.settings.player?.count_play_after_seconds ?? PLAY_COUNT_AFTER_SECONDS,
      notifyError: (track) =>
        toast.danger(
          translate(
            getBootstrapData()?.i18n?.lines ?? {},
            'Could not play "{name}". Skipping to the next track.',
            {
              name: track.name,
            },
          ),
          { id: 'player-error' },
        ),
    });
    if (typeof window !== 'undefined') {
      const player = engine;
      window.addEventListener('pagehide', () => player.flush());
    }
  }
  return engine;
}

/** Replaces the engine (tests). */
export function setPlayerForTests(next: PlayerEngine | null) {
  engine = next;
}

/** "Play from here": `tracks` become the queue and the one at `startIndex` plays. */
export function playTracks(tracks: readonly Track[], startIndex = 0) {
  getPlayer().playTracks(tracks, startIndex);
}

/**
 * Part of the player state, re-rendering only when that part changes, e.g.
 * `usePlayerState((s) => s.status)`. Select primitives or stable references.
 */
export function usePlayerState<T>(select: (s: PlayerSnapshot) => T): T {
  const player = getPlayer();
  return useSyncExternalStore(
    player.subscribe,
    () => select(player.getSnapshot()),
    () => select(player.getSnapshot()),
  );
}

/** The track loaded now (playing or paused), or null. */
export function useCurrentTrack(): Track | null {
  return usePlayerState((s) => currentItem(s)?.track ?? null);
}

/** True when this track is the one loaded and it is playing. */
export function useIsTrackPlaying(trackId: number): boolean {
  return usePlayerState(
    (s) => s.status !== 'paused' && s.status !== 'idle' && currentItem(s)?.track.id === trackId,
  );
}

/**
 * The whole player state plus its actions. Components that only need a part should prefer
 * `usePlayerState(select)`: the full state changes four times a second while playing.
 */
export function usePlayer() {
  const player = getPlayer();
  const state = useSyncExternalStore(player.subscribe, player.getSnapshot, player.getSnapshot);
  return { state, player, playTracks, current: currentItem(state)?.track ?? null };
}
