import fastifyMultipart from '@fastify/multipart';
import { AVATAR_MAX_BYTES, avatarFromEntryRequestSchema, avatarUrlRequestSchema } from '@zema/contracts';
import { account } from '@zema/contracts/account/account.operations';
import { localization } from '@zema/contracts/site/localization.operations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf } from '#src/http/caller';
import { defineRoute } from '#src/http/define-route';
import { rateLimits } from '#src/http/rate-limits';
import { invalidInput } from '#src/lib/errors';
import { bootstrapFor, endCurrentSession, requireConfirmedPassword } from '#src/modules/identity/index';
import {
  ACCOUNT_MESSAGES,
  changeLocale,
  deleteOwnAccount,
  getAccount,
  resolveTarget,
  updateAccount,
} from './account.service';
import {
  AVATAR_MESSAGES,
  AvatarInputError,
  discardAvatarEntry,
  encodeAvatar,
  fetchRemoteImage,
  invalidAvatarInput,
  readAvatarEntry,
  removeAvatar,
  saveAvatar,
} from './avatar.service';
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, requestEmailChange } from './email-change.service';

type AvatarInput = { file: Buffer } | { url: string } | { fileEntryId: number };

/**
 * The picture of a POST users/:id/avatar: a multipart `file`, `url` (multipart field or JSON), or
 * JSON `file_entry_id` (an upload of the caller's).
 */
async function readAvatarInput(request: FastifyRequest): Promise<AvatarInput> {
  if (request.isMultipart()) {
    let file: Buffer | undefined;
    let url: string | undefined;
    try {
      for await (const part of request.parts()) {
        // The client's file name is never read: stored names are generated.
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file') file = data;
        } else if (part.fieldname === 'url' && typeof part.value === 'string' && part.value.trim()) {
          url = part.value.trim();
        }
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw invalidInput({ file: [AVATAR_MESSAGES.tooLarge] });
      }
      throw err;
    }
    if (file) return { file };
    if (url) return { url: parseUrl(url) };
    throw invalidInput({ file: [AVATAR_MESSAGES.selectImage] });
  }
  const body = request.body as { url?: unknown; file_entry_id?: unknown } | undefined;
  if (body?.file_entry_id !== undefined) {
    // From the upload queue: an image the caller uploaded, re-encoded here like any other.
    const parsed = avatarFromEntryRequestSchema.safeParse(body);
    if (!parsed.success) throw invalidInput({ file: [AVATAR_MESSAGES.selectImage] });
    return { fileEntryId: parsed.data.file_entry_id };
  }
  if (body?.url === undefined) throw invalidInput({ file: [AVATAR_MESSAGES.selectImage] });
  return { url: parseUrl(body.url) };
}

function parseUrl(value: unknown): string {
  const parsed = avatarUrlRequestSchema.shape.url.safeParse(value);
  if (!parsed.success) throw invalidInput({ url: [AVATAR_MESSAGES.urlNotAllowed] });
  return parsed.data;
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to these routes. The 2 MB limit is the server's, whatever the browser checked.
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  });

  defineRoute(app, account.get, async (request) => ({
    user: await getAccount(app.deps, resolveTarget(callerOf(request), request.params.id)),
  }));

  defineRoute(app, account.update, async (request) => ({
    user: await updateAccount(app.deps, request.user!.id, request.body),
  }));

  defineRoute(app, localization.changeLocale, async (request) => ({
    locale: await changeLocale(app.deps, request.user!.id, request.body.locale),
  }));

  // Changing the email: a browser session with a freshly confirmed password (tokens get 423), and
  // the limits of the verification code's sends and checks.
  defineRoute(
    app,
    account.requestEmailChange,
    { config: { rateLimit: rateLimits.emailCodeSend } },
    async (request) => {
      await requireConfirmedPassword(app.deps, callerOf(request));
      await requestEmailChange(app.deps, request.user!.id, request.body.email);
      return { message: EMAIL_CHANGE_MESSAGES.sent };
    },
  );

  defineRoute(
    app,
    account.confirmEmailChange,
    { config: { rateLimit: rateLimits.emailCodeCheck } },
    async (request) => {
      await requireConfirmedPassword(app.deps, callerOf(request));
      await confirmEmailChange(app.deps, request.user!.id, request.body.code);
      return { user: await getAccount(app.deps, request.user!.id) };
    },
  );

  defineRoute(app, account.uploadAvatar, async (request) => {
    const userId = resolveTarget(callerOf(request), request.params.id);
    const input = await readAvatarInput(request);
    try {
      if ('fileEntryId' in input) {
        // The entry must be the caller's own, whoever's avatar it becomes.
        const ref = { fileEntryId: input.fileEntryId, ownerId: callerOf(request).user.id };
        const encoded = await encodeAvatar(await readAvatarEntry(app.deps, ref), 'file');
        const user = await saveAvatar(app.deps, userId, encoded);
        await discardAvatarEntry(app.deps, ref);
        return { user };
      }
      const raw =
        'file' in input ? input.file : await fetchRemoteImage(input.url, app.deps.tuning.remoteFetch);
      const encoded = await encodeAvatar(raw, 'file' in input ? 'file' : 'url');
      return { user: await saveAvatar(app.deps, userId, encoded) };
    } catch (err) {
      if (err instanceof AvatarInputError) throw invalidAvatarInput(err);
      throw err;
    }
  });

  defineRoute(app, account.removeAvatar, async (request) => ({
    user: await removeAvatar(app.deps, resolveTarget(callerOf(request), request.params.id)),
  }));

  defineRoute(app, account.delete, async (request, reply) => {
    // Deleting other users belongs to the admin area; here an account deletes only itself.
    const userId = resolveTarget(callerOf(request), request.params.id, false);
    if (!['true', '1'].includes(request.query.deleteCurrentUser ?? '')) {
      throw invalidInput({ deleteCurrentUser: [ACCOUNT_MESSAGES.confirmDelete] });
    }
    await deleteOwnAccount(app.deps, callerOf(request), userId);
    // The session row went with the user; this clears the browser's cookie.
    await endCurrentSession(app.deps, request, reply);
    request.user = null;
    return { bootstrapData: await bootstrapFor(app.deps, request, null) };
  });
};
