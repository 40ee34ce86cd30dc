import {
  PLAY_COUNT_AFTER_SECONDS,
  type RadioNowPlaying,
  type RadioStation,
  type Track,
} from '@zema/contracts';
import { player as playerOps } from '@zema/contracts/player/player.operations';
import { useSyncExternalStore } from 'react';
import { api } from '#src/lib/api-client';
import { getBootstrapData } from '#src/lib/bootstrap-store';
import { translate } from '#src/lib/i18n';
import { toast } from '#src/ui/toast';
import { type LiveStation, PlayerEngine, type PlayerSnapshot } from './audio-engine';
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

/** The track loaded now (playing or paused), or null (nothing, or a radio station in its place). */
export function useCurrentTrack(): Track | null {
  return usePlayerState((s) => (s.live ? null : (currentItem(s)?.track ?? null)));
}

/** True when this track is the one loaded and it is playing. */
export function useIsTrackPlaying(trackId: number): boolean {
  return usePlayerState(
    (s) => !s.live && s.status !== 'paused' && s.status !== 'idle' && currentItem(s)?.track.id === trackId,
  );
}

/** Whether the player holds something to play: a track of the queue or a radio station. */
export function usePlayerLoaded(): boolean {
  return usePlayerState((s) => s.index >= 0 || !!s.live);
}

/** The radio station the player plays live instead of the queue, or null. */
export function useLiveStation(): LiveStation | null {
  return usePlayerState((s) => s.live ?? null);
}

/** Plays a radio station live (the queue waits); `nowPlaying` is what the page knows of its song. */
export function playStation(
  station: RadioStation,
  nowPlaying?: Pick<RadioNowPlaying, 'song' | 'listeners'> | null,
) {
  getPlayer().playStation(station, nowPlaying);
}

/**
 * The station page's and the station cards' one button: pauses this station when it is on,
 * resumes it (at the live point) when it is the one paused, and otherwise starts it.
 */
export function toggleStation(
  station: RadioStation,
  nowPlaying?: Pick<RadioNowPlaying, 'song' | 'listeners'> | null,
) {
  const player = getPlayer();
  if (player.getSnapshot().live?.station.slug === station.slug) player.toggle();
  else player.playStation(station, nowPlaying);
}

/**
 * How the player plays the station `slug`: `playing` while its audio plays (and while it catches
 * up after a drop, once it has played), `connecting` between the press and the first sound.
 * Anything else the player holds, or the station paused, is neither.
 */
export function useStationPlayback(slug: string): { playing: boolean; connecting: boolean } {
  const state = usePlayerState((s) => {
    if (s.live?.station.slug !== slug) return 'off';
    if (s.status === 'playing') return 'playing';
    if (s.status === 'loading') return s.live.started ? 'playing' : 'connecting';
    return 'off';
  });
  return { playing: state === 'playing', connecting: state === 'connecting' };
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
