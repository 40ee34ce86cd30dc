/** The catalogue feature's face: what other features and app/ use of it. */
export { artistQueryOptions } from './api/get-artist';
export { AlbumCard, ArtistCard, PlaylistCard, UserCard } from './components/collection-cards';
