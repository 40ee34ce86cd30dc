/** The player feature's face: what other features and app/ use of it. */
export { GlobalPlayer } from './components/global-player';
export { MiniPlayer, PlayerBar } from './components/player-bar';
export { PlayerQueueSync } from './components/player-queue-sync';
export { ShortcutsDialog } from './components/shortcuts-dialog';
export { TrackList } from './components/track-list';
export { TrackMenu } from './components/track-menu';
export { PLAYER_REGION_ID, useHasPlayerRegion } from './lib/player-region';
export { useStationNowPlaying } from './lib/station-feed';
export {
  playTracks,
  toggleStation,
  usePlayerLoaded,
  useStationPlayback,
} from './lib/use-player';
