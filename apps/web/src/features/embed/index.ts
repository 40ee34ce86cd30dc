/**
 * Embeds: the Share button of tracks, albums and playlists, with its Embed dialog (the iframe code
 * of the server's embeddable player, `/embed/{kind}/{id}`).
 */
export { ShareButton, type ShareButtonProps } from './share-button';
