/** The player feature's face: what other features and app/ use of it. */
export { TrackList } from './components/track-list';
export { TrackMenu } from './components/track-menu';
export { playTracks } from './lib/use-player';
