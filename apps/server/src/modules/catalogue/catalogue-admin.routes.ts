import fastifyMultipart from '@fastify/multipart';
import { msg, trackAudioFromEntryRequestSchema } from '@zema/contracts';
import { catalogueAdmin } from '@zema/contracts/catalogue/catalogue-admin.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { invalidInput } from '#src/lib/errors';
import { buildPublicArtistPage, withCallerFlags } from './artist-page';
import { callerId, found } from './catalogue.http';
import { loadGenres } from './catalogue.loaders';
import { getAlbum, getTrack } from './catalogue.queries';
import {
  AudioInputError,
  CATALOGUE_MESSAGES,
  createAlbum,
  createArtist,
  createChannel,
  createGenre,
  createTrack,
  deleteAlbum,
  deleteArtist,
  deleteChannel,
  deleteGenre,
  deleteTrack,
  setTrackAudioFromEntry,
  setTrackAudioFromFile,
  updateAlbum,
  updateArtist,
  updateChannel,
  updateGenre,
  updateTrack,
} from './catalogue.writes';
import { getChannel } from './channels';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, ImageInputError, saveCatalogueImage } from './images';

/** The admin's track answers: they may edit it, so they follow its new audio's analysis. */
const EDITOR = { withAudioState: true } as const;

/** Largest audio file an admin may upload. */
export const AUDIO_MAX_BYTES = 300 * 1024 * 1024;

/** The bytes of a multipart `file` part; `missing` / `tooLarge` are the 422 messages. */
async function readFilePart(
  request: FastifyRequest,
  maxBytes: number,
  messages: { missing: string; tooLarge: string },
) {
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'file' && part.fieldname === 'file') return await part.toBuffer();
      if (part.type === 'file') part.file.resume();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw invalidInput({ file: [messages.tooLarge] });
    }
    throw err;
  }
  throw invalidInput({ file: [messages.missing] });
}

const isJson = (request: FastifyRequest) =>
  /^application\/(?:[\w.+-]+\+)?json\b/i.test(request.headers['content-type'] ?? '');

/** The bytes of a POST tracks/{id}/audio: a multipart `file`, or the raw body sent as audio/*. */
async function readAudioUpload(request: FastifyRequest): Promise<Buffer> {
  if (request.isMultipart()) {
    return readFilePart(request, AUDIO_MAX_BYTES, {
      missing: CATALOGUE_MESSAGES.selectAudio,
      tooLarge: CATALOGUE_MESSAGES.audioTooLarge,
    });
  }
  if (Buffer.isBuffer(request.body) && request.body.length) return request.body;
  throw invalidInput({ file: [CATALOGUE_MESSAGES.selectAudio] });
}

/**
 * The catalogue's writes (permission-checked per operation; the admin area and backstage call
 * them): artists, albums, tracks with their audio, genres, channels, and images for them.
 */
export const catalogueAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: AUDIO_MAX_BYTES, files: 1 } });
  // A raw upload (curl --data-binary @song.mp3 -H 'content-type: audio/mpeg'); the format is still
  // decided by magic bytes, never by this header.
  app.addContentTypeParser(
    /^audio\//,
    { parseAs: 'buffer', bodyLimit: AUDIO_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );

  // Built afresh, not from the cache: the write just changed it.
  const artistAnswer = async (id: number, request: FastifyRequest) => {
    const page = found(await buildPublicArtistPage(app.deps.db, id));
    const userId = callerId(request);
    return { artist: (userId ? await withCallerFlags(app.deps.db, page, userId) : page).artist };
  };

  defineRoute(app, catalogueAdmin.createArtist, async (request) =>
    artistAnswer(await createArtist(app.deps, request.body, actorOf(request)), request),
  );
  defineRoute(app, catalogueAdmin.updateArtist, async (request) => {
    found(await updateArtist(app.deps, request.params.id, request.body, actorOf(request)));
    return artistAnswer(request.params.id, request);
  });
  defineRoute(app, catalogueAdmin.deleteArtist, async (request) => {
    found(await deleteArtist(app.deps, request.params.id, actorOf(request)));
    return { message: msg('Artist deleted.') };
  });

  defineRoute(app, catalogueAdmin.createAlbum, async (request) => ({
    album: found(
      await getAlbum(app.deps.db, await createAlbum(app.deps, request.body, actorOf(request)), null),
    ),
  }));
  defineRoute(app, catalogueAdmin.updateAlbum, async (request) => {
    found(await updateAlbum(app.deps, request.params.id, request.body, actorOf(request)));
    return { album: found(await getAlbum(app.deps.db, request.params.id, null)) };
  });
  defineRoute(app, catalogueAdmin.deleteAlbum, async (request) => {
    found(await deleteAlbum(app.deps, request.params.id, actorOf(request)));
    return { message: msg('Album deleted.') };
  });

  defineRoute(app, catalogueAdmin.createTrack, async (request) => ({
    track: found(
      await getTrack(app.deps.db, await createTrack(app.deps, request.body, actorOf(request)), null, EDITOR),
    ),
  }));
  defineRoute(app, catalogueAdmin.updateTrack, async (request) => {
    found(await updateTrack(app.deps, request.params.id, request.body, actorOf(request)));
    return { track: found(await getTrack(app.deps.db, request.params.id, null, EDITOR)) };
  });
  defineRoute(app, catalogueAdmin.deleteTrack, async (request) => {
    found(await deleteTrack(app.deps, request.params.id, actorOf(request)));
    return { message: msg('Track deleted.') };
  });
  defineRoute(app, catalogueAdmin.uploadTrackAudio, async (request) => {
    if (isJson(request)) {
      // From the upload queue: an entry the caller uploaded (resumable with tus for a big master),
      // taken now and analysed by a job; the answer is the track `processing`.
      const parsed = trackAudioFromEntryRequestSchema.safeParse(request.body);
      if (!parsed.success) throw invalidInput({ file_entry_id: [CATALOGUE_MESSAGES.selectAudio] });
      const ref = { fileEntryId: parsed.data.file_entry_id, ownerId: callerOf(request).user.id };
      return {
        track: found(await setTrackAudioFromEntry(app.deps, request.params.id, ref, actorOf(request))),
      };
    }
    const data = await readAudioUpload(request);
    try {
      found(await setTrackAudioFromFile(app.deps, request.params.id, data, actorOf(request)));
    } catch (err) {
      if (err instanceof AudioInputError) throw invalidInput({ file: [err.message] });
      throw err;
    }
    return { track: found(await getTrack(app.deps.db, request.params.id, null, EDITOR)) };
  });

  // Pictures for the `image` fields: upload, then PUT the returned URL on the artist/album/….
  defineRoute(app, catalogueAdmin.uploadImage, async (request) => {
    if (!request.isMultipart()) throw invalidInput({ file: [IMAGE_MESSAGES.select] });
    const data = await readFilePart(request, IMAGE_MAX_BYTES, {
      missing: IMAGE_MESSAGES.select,
      tooLarge: IMAGE_MESSAGES.tooLarge,
    });
    try {
      return { url: await saveCatalogueImage(app.deps, data) };
    } catch (err) {
      if (err instanceof ImageInputError) throw invalidInput({ file: [err.message] });
      throw err;
    }
  });

  const genreAnswer = async (id: number) => ({ genre: found((await loadGenres(app.deps.db, [id]))[0]) });

  defineRoute(app, catalogueAdmin.createGenre, async (request) =>
    genreAnswer(await createGenre(app.deps, request.body, actorOf(request))),
  );
  defineRoute(app, catalogueAdmin.updateGenre, async (request) => {
    found(await updateGenre(app.deps, request.params.id, request.body, actorOf(request)));
    return genreAnswer(request.params.id);
  });
  defineRoute(app, catalogueAdmin.deleteGenre, async (request) => {
    found(await deleteGenre(app.deps, request.params.id, actorOf(request)));
    return { message: msg('Genre deleted.') };
  });

  const channelAnswer = async (id: number, request: FastifyRequest) =>
    found(await getChannel(app.deps.db, String(id), { userId: callerId(request), page: 1 }));

  defineRoute(app, catalogueAdmin.createChannel, async (request) =>
    channelAnswer(await createChannel(app.deps, request.body, actorOf(request)), request),
  );
  defineRoute(app, catalogueAdmin.updateChannel, async (request) => {
    found(await updateChannel(app.deps, request.params.id, request.body, actorOf(request)));
    return channelAnswer(request.params.id, request);
  });
  defineRoute(app, catalogueAdmin.deleteChannel, async (request) => {
    found(await deleteChannel(app.deps, request.params.id, actorOf(request)));
    return { message: msg('Channel deleted.') };
  });
};
