/**
 * Catalogue: artists, albums, tracks, genres and channels — loaders and writes, images, audio
 * analysis (`ingest/`), the artist page, trending, the public API and the admin's catalogue
 * manager, and the demo catalogue.
 *
 * This file is the module's one public face (decision 0051): other modules and the composition
 * (app.ts, deps.ts, server-modules.ts) import only what it exports.
 */

import type { Db } from '#src/db/client';
import type { ServerModule } from '#src/platform/deps';
import { invalidateCataloguePagesOnChange } from './artist-page';
import { catalogueRoutes } from './catalogue.routes';
import { catalogueAdminRoutes } from './catalogue-admin.routes';
import { catalogueManagerRoutes } from './catalogue-manager.routes';
import { invalidatePublicChannelsOnChange } from './channels';
import { analyseTrackAudio, resumeTrackAudio, TRACK_AUDIO_QUEUE, type TrackAudioJob } from './track-audio';

export { buildPublicArtistPage, getArtistPage, publicArtistPage } from './artist-page';
export { albumCredits, loadAlbums, loadArtistRefs, loadTracks, trackCredits } from './catalogue.loaders';
export { getAlbum, getGenreByName, getTrack } from './catalogue.queries';

export {
  type CatalogueWriter,
  createAlbum,
  createArtist,
  createChannel,
  createTrack,
  deleteAlbum,
  deleteChannel,
  deleteTrack,
  setTrackAudioFromFile,
  updateAlbum,
  updateArtist,
  updateTrack,
} from './catalogue.writes';

export { publicChannel } from './channels';
export { seedDemoCatalogueIfNeeded } from './demo-catalogue';
export { downloadableAlbums, downloadableTracks } from './downloads';
export { IMAGE_MAX_BYTES, IMAGE_MESSAGES, ImageInputError, saveCatalogueImage } from './images';
export {
  type AudioAnalysis,
  analyseAudioFile,
  firstAudioDecodes,
  IngestError,
  UNDECODABLE_AUDIO_MESSAGE,
} from './ingest/index';
export { loadPlaylists, playlistsOf } from './playlists.loaders';
export { countPlay, insertRelease, markArtistVerified, type NewRelease } from './releases.writes';
export { withLocalStoredFile } from './stored-file';
export { artistPlaysSince, trendingSince } from './trending';

declare module '#src/platform/deps' {
  interface Deps {
    /**
     * Takes an upload of `ownerId`'s (a live file entry) for a track's audio, in `db` (the
     * writer's transaction): the entry goes, its bytes become the track's. Set by the uploads
     * module at register (it reads the catalogue, so the catalogue cannot import it); false when
     * the entry is not the owner's live file any more.
     */
    claimUpload: (db: Db, ref: { fileEntryId: number; ownerId: number }) => Promise<boolean>;
  }
}

export const catalogueModule: ServerModule = {
  name: 'catalogue',
  register(deps, events) {
    // Caches derived from the catalogue follow its writes, wherever they happen (decision 0019).
    invalidateCataloguePagesOnChange(events, deps.cache);
    invalidatePublicChannelsOnChange(events, deps.cache);
  },
  apiRoutes: [catalogueRoutes, catalogueAdminRoutes, catalogueManagerRoutes],
  // The admin's new track audio, analysed off the set-audio request (the track says `processing`).
  queues: (deps) => [
    {
      name: TRACK_AUDIO_QUEUE,
      concurrency: 2,
      attempts: 3,
      backoffMs: 5_000,
      run: (data, job) => analyseTrackAudio(deps, data as TrackAudioJob, job),
    },
  ],
  async resume(deps) {
    const resumed = await resumeTrackAudio(deps);
    if (resumed) deps.log.info({ resumed }, 'resuming track audio analyses left unfinished');
  },
};
