/**
 * Library: a listener's likes, playlists (with collaborators) and library pages, and public user
 * profiles.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */
import type { ServerModule } from '#src/platform/deps';
import { dropCatalogueReferences } from './catalogue-references';
import { libraryRoutes } from './library.routes';
import { profilesRoutes } from './profiles.routes';

export { like, rate, unlike } from './likes.service';
export { addTracks, playlistEntries, removeTracks } from './playlist-entries.service';
export {
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  myPlaylists,
  updatePlaylist,
} from './playlists.service';
export { getProfile } from './profiles.service';

export const libraryModule: ServerModule = {
  name: 'library',
  register(deps) {
    deps.writeEvents.on('catalogue.deleting', dropCatalogueReferences);
  },
  apiRoutes: [libraryRoutes, profilesRoutes],
};
