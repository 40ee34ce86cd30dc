import { hasPermission, PERMISSIONS, PLAYLIST_MAX_TRACKS, type Playlist } from '@zema/contracts';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { albums, artistGenre, artists, trackArtist, trackGenre, tracks } from '#src/modules/catalogue/tables';
import {
  addTracks,
  createPlaylist,
  deletePlaylist,
  getPlaylist,
  myPlaylists,
  removeTracks,
  updatePlaylist,
} from '#src/modules/library/index';
import { playlistTracks } from '#src/modules/library/tables';
import { downloadTrack } from '#src/modules/player/index';
import { type Call, imageType, type Method, mustView, siteUrl } from './methods';
import { invalid, missing, notFound, SUBSONIC_ERRORS, SubsonicError } from './protocol';
import { ALBUM, ARTIST, artistsByIds, idOf, songsByIds, TRACK } from './reads';

/**
 * Playlists (the web app's, with its rules: a private playlist stays its owner's, collaborators
 * add and remove songs, only the owner renames or deletes), `download` (the web's consent and
 * daily cap) and the info methods.
 */

export const PLAYLIST = 'pl-';
const PLAYLIST_NAME_MAX = 100;

function playlistOf(p: Playlist, email: string) {
  return {
    id: `${PLAYLIST}${p.id}`,
    name: p.name,
    comment: p.description ?? undefined,
    // Subsonic names the owner by user name; only the caller's own is an email they know.
    owner: p.owner.display_name || email,
    public: p.public,
    songCount: p.tracks_count,
    duration: Math.round(p.duration_ms / 1000),
    created: p.created_at,
    changed: p.updated_at,
    coverArt: `${PLAYLIST}${p.id}`,
  };
}

/** The track ids of a playlist's entries, in order, with each entry's id (for removal by index). */
async function entries(call: Call, id: number) {
  return call.deps.db
    .select({ entryId: playlistTracks.id, trackId: playlistTracks.trackId })
    .from(playlistTracks)
    .where(eq(playlistTracks.playlistId, id))
    .orderBy(asc(playlistTracks.position), asc(playlistTracks.id))
    .limit(PLAYLIST_MAX_TRACKS);
}

async function playlistWithSongs(call: Call, id: number) {
  const playlist = await getPlaylist(call.deps.db, id, call.user.id);
  const list = await entries(call, id);
  const songs = await songsByIds(
    call.deps.db,
    list.map((e) => e.trackId),
    call.user.id,
    call.losslessAs,
  );
  // A playlist may hold a song twice: each entry is listed.
  const byId = new Map(songs.map((s) => [s.id, s]));
  const entry = list.flatMap((e) => byId.get(`${TRACK}${e.trackId}`) ?? []);
  return { ...playlistOf(playlist, call.user.email), entry };
}

const songIds = (raw: string[]) =>
  raw.map((r) => {
    const id = idOf(TRACK, r);
    if (id === null) throw notFound('Song');
    return id;
  });

const nameOf = (name: string) => {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > PLAYLIST_NAME_MAX) throw invalid('name');
  return trimmed;
};

export const MORE_METHODS: Record<string, Method> = {
  getPlaylists: async (call) => {
    mustView(call.user);
    const asked = call.params.get('username');
    if (asked && asked.trim().toLowerCase() !== call.user.email.toLowerCase()) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'You may only list your own playlists');
    }
    const list = await myPlaylists(call.deps.db, call.user.id);
    return { playlists: { playlist: list.map((p) => playlistOf(p, call.user.email)) } };
  },
  getPlaylist: async (call) => {
    mustView(call.user);
    const id = idOf(PLAYLIST, call.params.required('id'));
    if (id === null) throw notFound('Playlist');
    return { playlist: await playlistWithSongs(call, id) };
  },
  createPlaylist: async (call) => {
    mustView(call.user);
    const { params, deps, user } = call;
    const songs = songIds(params.all('songId'));
    const existing = params.get('playlistId');
    let id: number;
    if (existing !== undefined) {
      // With playlistId: its songs are replaced by these (Subsonic's "update by create").
      const found = idOf(PLAYLIST, existing);
      if (found === null) throw notFound('Playlist');
      id = found;
      await getPlaylist(deps.db, id, user.id);
      const old = await entries(call, id);
      if (old.length)
        await removeTracks(
          deps,
          id,
          user.id,
          old.map((e) => e.entryId),
        );
    } else {
      const name = params.get('name');
      if (name === undefined) throw missing('name');
      // Made in an app: private until its owner shares it in the web app.
      id = (await createPlaylist(deps.db, user.id, { name: nameOf(name), public: false })).id;
    }
    if (songs.length) await addTracks(deps, id, user.id, songs.slice(0, PLAYLIST_MAX_TRACKS));
    return { playlist: await playlistWithSongs(call, id) };
  },
  updatePlaylist: async (call) => {
    mustView(call.user);
    const { params, deps, user } = call;
    const id = idOf(PLAYLIST, params.required('playlistId'));
    if (id === null) throw notFound('Playlist');
    const fields: { name?: string; description?: string | null; public?: boolean } = {};
    const name = params.get('name');
    if (name !== undefined) fields.name = nameOf(name);
    const comment = params.get('comment');
    if (comment !== undefined) fields.description = comment.slice(0, 300);
    if (params.has('public')) fields.public = params.bool('public', false);
    if (Object.keys(fields).length) await updatePlaylist(deps, id, user.id, fields);
    const removeAt = params.all('songIndexToRemove').map((raw) => {
      if (!/^\d{1,6}$/.test(raw)) throw invalid('songIndexToRemove');
      return Number(raw);
    });
    if (removeAt.length) {
      const list = await entries(call, id);
      const gone = removeAt.map((i) => list[i]?.entryId).filter((e): e is number => e !== undefined);
      if (gone.length) await removeTracks(deps, id, user.id, gone);
    }
    const add = songIds(params.all('songIdToAdd'));
    if (add.length) await addTracks(deps, id, user.id, add.slice(0, PLAYLIST_MAX_TRACKS));
    return {};
  },
  deletePlaylist: async (call) => {
    const id = idOf(PLAYLIST, call.params.required('id'));
    if (id === null) throw notFound('Playlist');
    await deletePlaylist(call.deps, id, call.user.id);
    return {};
  },

  download: async (call) => {
    mustView(call.user);
    if (!hasPermission(call.user, PERMISSIONS.musicDownload)) {
      throw new SubsonicError(SUBSONIC_ERRORS.notAuthorized, 'Your plan does not include downloads');
    }
    const id = idOf(TRACK, call.params.required('id'));
    if (id === null) throw notFound('Song');
    const file = await downloadTrack(call.deps, call.user, id);
    await call.reply
      .status(200)
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .type(file.contentType)
      .send(file.stream);
    return null;
  },

  getAvatar: async (call) => {
    const name = call.params.required('username').trim().toLowerCase();
    // Only one's own: Zema shows other people's pictures on their public profiles, not by email.
    if (name !== call.user.email.toLowerCase()) throw notFound('Avatar');
    const key = call.deps.storage.keyFromUrl(call.user.avatar);
    const file = key ? await call.deps.storage.get(key) : null;
    if (!file) throw notFound('Avatar');
    await call.reply
      .status(200)
      .header('cache-control', 'private, max-age=3600')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .type(imageType(key!))
      .send(file.stream);
    return null;
  },

  getArtistInfo2: async (call) => {
    mustView(call.user);
    const id = idOf(ARTIST, call.params.required('id'));
    if (id === null) throw notFound('Artist');
    const [row] = await call.deps.db
      .select({ bio: artists.bio, small: artists.imageSmall, large: artists.imageLarge })
      .from(artists)
      .where(eq(artists.id, id));
    if (!row) throw notFound('Artist');
    const count = call.params.int('count', 20, 0, 100);
    // Similar: the artists who share the most genres with this one.
    const mine = alias(artistGenre, 'mine');
    const theirs = alias(artistGenre, 'theirs');
    const rows = await call.deps.db
      .select({ id: theirs.artistId })
      .from(mine)
      .innerJoin(theirs, eq(theirs.genreId, mine.genreId))
      .where(and(eq(mine.artistId, id), ne(theirs.artistId, id)))
      .groupBy(theirs.artistId)
      .orderBy(sql`count(*) desc`, asc(theirs.artistId))
      .limit(count);
    const url = (u: string | null) => (u ? siteUrl(call, u) : undefined);
    return {
      artistInfo2: {
        biography: row.bio ?? undefined,
        smallImageUrl: url(row.small),
        mediumImageUrl: url(row.small ?? row.large),
        largeImageUrl: url(row.large ?? row.small),
        similarArtist: await artistsByIds(
          call.deps.db,
          rows.map((r) => r.id),
          call.user.id,
        ),
      },
    };
  },
  getAlbumInfo2: async (call) => {
    mustView(call.user);
    const id = idOf(ALBUM, call.params.required('id'));
    if (id === null) throw notFound('Album');
    const [row] = await call.deps.db
      .select({ description: albums.description, image: albums.image })
      .from(albums)
      .where(eq(albums.id, id));
    if (!row) throw notFound('Album');
    const image = row.image ? siteUrl(call, row.image) : undefined;
    return {
      albumInfo: {
        notes: row.description ?? undefined,
        smallImageUrl: image,
        mediumImageUrl: image,
        largeImageUrl: image,
      },
    };
  },
  getSimilarSongs2: async (call) => {
    mustView(call.user);
    const id = idOf(ARTIST, call.params.required('id'));
    if (id === null) throw notFound('Artist');
    const count = call.params.int('count', 50, 0, 500);
    // The artist's own songs and those of the same genres, most played first, mixed.
    const rows = await call.deps.db
      .select({ id: tracks.id })
      .from(tracks)
      .where(
        and(
          sql`${tracks.src} is not null`,
          sql`(exists (select 1 from ${trackArtist} where ${trackArtist.trackId} = ${tracks.id} and ${trackArtist.artistId} = ${id})
            or exists (select 1 from ${trackGenre} where ${trackGenre.trackId} = ${tracks.id} and ${trackGenre.genreId} in (select ${artistGenre.genreId} from ${artistGenre} where ${artistGenre.artistId} = ${id})))`,
        ),
      )
      .orderBy(sql`random()`)
      .limit(count);
    return {
      similarSongs2: {
        song: await songsByIds(
          call.deps.db,
          rows.map((r) => r.id),
          call.user.id,
          call.losslessAs,
        ),
      },
    };
  },
};
