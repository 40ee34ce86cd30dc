/** The library feature's face: what other features and app/ use of it. */
export { useLikeToggle } from './api/use-like';
export { useAddToPlaylist, useMyPlaylists } from './api/use-playlists';
export { FollowButton } from './components/follow-button';
export { LazyCreatePlaylistDialog } from './components/lazy-create-playlist-dialog';
export { LikeButton } from './components/like-button';
