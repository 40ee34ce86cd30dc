import fastifyMultipart from '@fastify/multipart';
import { PLAYLIST_IMAGE_MAX_BYTES } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { defineRoute } from '#src/http/define-route';
import { pageWindow } from '#src/lib/pagination';
import {
  followedArtists,
  followUsersPage,
  history,
  likedAlbums,
  likedArtists,
  likedTracks,
} from './library-pages';
import { follow, like, likedIds, unfollow, unlike } from './likes.service';
import { addCollaborator, removeCollaborator } from './playlist-collaborators.service';
import { addTracks, playlistEntries, removeTracks, reorderTrack } from './playlist-entries.service';
import { encodePlaylistImage, readPlaylistImage } from './playlist-image';
import {
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  myPlaylists,
  setPlaylistImage,
  updatePlaylist,
} from './playlists.service';

/** Likes, follows, history and playlists (SPEC §3, §7); the call list is in contracts/library.ts. */
export const libraryRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes: covers come as multipart or as a raw image body.
  await app.register(fastifyMultipart, {
    limits: { fileSize: PLAYLIST_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  });
  app.addContentTypeParser(
    /^image\//,
    // One byte over the limit still reaches the encoder, which answers the 422 with the message.
    { parseAs: 'buffer', bodyLimit: PLAYLIST_IMAGE_MAX_BYTES + 1 },
    (_request, body, done) => done(null, body),
  );

  const me = (request: { user: { id: number } | null }) => request.user!.id;

  // ---- likes and follows ----
  defineRoute(app, library.like, async (request) =>
    like(app.deps.db, me(request), request.params.type, request.params.id),
  );
  defineRoute(app, library.unlike, async (request) =>
    unlike(app.deps.db, me(request), request.params.type, request.params.id),
  );
  defineRoute(app, library.likedIds, async (request) => likedIds(app.deps.db, me(request)));
  defineRoute(app, library.likedTracks, async (request) =>
    likedTracks(app.deps.db, me(request), pageWindow(request.query), me(request)),
  );
  defineRoute(app, library.likedAlbums, async (request) =>
    likedAlbums(app.deps.db, me(request), pageWindow(request.query)),
  );
  defineRoute(app, library.likedArtists, async (request) =>
    likedArtists(app.deps.db, me(request), pageWindow(request.query)),
  );
  defineRoute(app, library.follow, async (request) => {
    return follow(app.deps, me(request), request.params.type, request.params.id);
  });
  defineRoute(app, library.unfollow, async (request) => {
    return unfollow(app.deps, me(request), request.params.type, request.params.id);
  });
  defineRoute(app, library.followedArtists, async (request) =>
    followedArtists(app.deps.db, me(request), pageWindow(request.query)),
  );
  defineRoute(app, library.followedUsers, async (request) =>
    followUsersPage(app.deps.db, me(request), 'following', pageWindow(request.query)),
  );

  // ---- history ----
  defineRoute(app, library.history, async (request) =>
    history(app.deps.db, me(request), pageWindow(request.query)),
  );

  // ---- playlists ----
  defineRoute(app, library.myPlaylists, async (request) => ({
    playlists: await myPlaylists(app.deps.db, me(request)),
  }));
  defineRoute(app, library.createPlaylist, async (request) => ({
    playlist: await createPlaylist(app.deps.db, me(request), request.body),
  }));
  defineRoute(app, library.getPlaylist, async (request) => ({
    playlist: await getPlaylist(app.deps.db, request.params.id, request.user?.id ?? null),
  }));
  defineRoute(app, library.updatePlaylist, async (request) => ({
    playlist: await updatePlaylist(app.deps, request.params.id, me(request), request.body),
  }));
  defineRoute(app, library.deletePlaylist, async (request) =>
    deletePlaylist(app.deps, request.params.id, me(request)),
  );
  defineRoute(app, library.setPlaylistImage, async (request) => {
    const encoded = await encodePlaylistImage(await readPlaylistImage(request));
    return { playlist: await setPlaylistImage(app.deps, request.params.id, me(request), encoded) };
  });
  defineRoute(app, library.removePlaylistImage, async (request) => ({
    playlist: await setPlaylistImage(app.deps, request.params.id, me(request), null),
  }));
  defineRoute(app, library.playlistTracks, async (request) =>
    playlistEntries(app.deps.db, request.params.id, request.user?.id ?? null, pageWindow(request.query, 50)),
  );
  defineRoute(app, library.addPlaylistTracks, async (request) =>
    addTracks(app.deps, request.params.id, me(request), request.body.track_ids, request.body.position),
  );
  defineRoute(app, library.removePlaylistTracks, async (request) => ({
    playlist: await removeTracks(app.deps, request.params.id, me(request), request.body.entry_ids),
  }));
  defineRoute(app, library.reorderPlaylistTrack, async (request) => ({
    playlist: await reorderTrack(
      app.deps,
      request.params.id,
      me(request),
      request.body.entry_id,
      request.body.to_index,
    ),
  }));
  defineRoute(app, library.addCollaborator, async (request) => ({
    playlist: await addCollaborator(app.deps, request.params.id, me(request), request.params.userId),
  }));
  defineRoute(app, library.removeCollaborator, async (request) => ({
    playlist: await removeCollaborator(app.deps.db, request.params.id, me(request), request.params.userId),
  }));
};
