import fastifyMultipart from '@fastify/multipart';
import {
  AVATAR_MAX_BYTES,
  accountResponseSchema,
  avatarUrlRequestSchema,
  changeLocaleRequestSchema,
  changeLocaleResponseSchema,
  confirmEmailChangeRequestSchema,
  deleteAccountQuerySchema,
  deleteAccountResponseSchema,
  messageResponseSchema,
  requestEmailChangeRequestSchema,
  updateAccountRequestSchema,
  userRefParamSchema,
} from '@zema/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireConfirmedPassword } from '#src/features/auth/auth.service';
import { rateLimits } from '#src/features/auth/rate-limits';
import { validationError } from '#src/http/errors';
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
  avatarInputToHttp,
  encodeAvatar,
  fetchRemoteImage,
  type RemoteFetchOptions,
  removeAvatar,
  saveAvatar,
} from './avatar.service';
import { confirmEmailChange, EMAIL_CHANGE_MESSAGES, requestEmailChange } from './email-change.service';

const idParams = z.object({ id: userRefParamSchema });

export type AccountRoutesOptions = { remoteFetch?: RemoteFetchOptions };

type AvatarInput = { file: Buffer } | { url: string };

/** The picture of a POST users/:id/avatar: a multipart `file`, or `url` (multipart field or JSON). */
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
        throw validationError({ file: [AVATAR_MESSAGES.tooLarge] });
      }
      throw err;
    }
    if (file) return { file };
    if (url) return { url: parseUrl(url) };
    throw validationError({ file: [AVATAR_MESSAGES.selectImage] });
  }
  const body = request.body as { url?: unknown } | undefined;
  if (body?.url === undefined) throw validationError({ file: [AVATAR_MESSAGES.selectImage] });
  return { url: parseUrl(body.url) };
}

function parseUrl(value: unknown): string {
  const parsed = avatarUrlRequestSchema.shape.url.safeParse(value);
  if (!parsed.success) throw validationError({ url: [AVATAR_MESSAGES.urlNotAllowed] });
  return parsed.data;
}

export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, opts) => {
  // Scoped to these routes. The 2 MB limit is the server's, whatever the browser checked.
  await app.register(fastifyMultipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 5, fieldSize: 4096, parts: 6 },
  });

  app.get(
    '/users/:id',
    {
      // The current user: the verification screen may read it (its email, for the masked text).
      config: { access: 'user', allowUnverified: true },
      schema: { params: idParams, response: { 200: accountResponseSchema } },
    },
    async (request) => ({ user: await getAccount(app, resolveTarget(request, request.params.id)) }),
  );

  app.put(
    '/users/me',
    {
      config: { access: 'user' },
      schema: { body: updateAccountRequestSchema, response: { 200: accountResponseSchema } },
    },
    async (request) => ({ user: await updateAccount(app, request.user!.id, request.body) }),
  );

  app.post(
    '/users/me/locale',
    {
      config: { access: 'user' },
      schema: { body: changeLocaleRequestSchema, response: { 200: changeLocaleResponseSchema } },
    },
    async (request) => ({ locale: await changeLocale(app, request.user!.id, request.body.locale) }),
  );

  // Changing the email: a browser session with a freshly confirmed password (tokens get 423), and
  // the limits of the verification code's sends and checks.
  app.post(
    '/users/me/email',
    {
      // Also before the email is verified: how a sign-up with a mistyped address is put right.
      config: { access: 'user', allowUnverified: true, rateLimit: rateLimits.emailCodeSend },
      schema: { body: requestEmailChangeRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await requireConfirmedPassword(app, request);
      await requestEmailChange(app, request.user!.id, request.body.email);
      return { message: EMAIL_CHANGE_MESSAGES.sent };
    },
  );

  app.post(
    '/users/me/email/confirm',
    {
      config: { access: 'user', allowUnverified: true, rateLimit: rateLimits.emailCodeCheck },
      schema: { body: confirmEmailChangeRequestSchema, response: { 200: accountResponseSchema } },
    },
    async (request) => {
      await requireConfirmedPassword(app, request);
      await confirmEmailChange(app, request.user!.id, request.body.code);
      return { user: await getAccount(app, request.user!.id) };
    },
  );

  app.post(
    '/users/:id/avatar',
    { config: { access: 'user' }, schema: { params: idParams, response: { 200: accountResponseSchema } } },
    async (request) => {
      const userId = resolveTarget(request, request.params.id);
      const input = await readAvatarInput(request);
      try {
        const raw = 'file' in input ? input.file : await fetchRemoteImage(input.url, opts.remoteFetch);
        const encoded = await encodeAvatar(raw, 'file' in input ? 'file' : 'url');
        return { user: await saveAvatar(app, userId, encoded) };
      } catch (err) {
        if (err instanceof AvatarInputError) throw avatarInputToHttp(err);
        throw err;
      }
    },
  );

  app.delete(
    '/users/:id/avatar',
    { config: { access: 'user' }, schema: { params: idParams, response: { 200: accountResponseSchema } } },
    async (request) => ({ user: await removeAvatar(app, resolveTarget(request, request.params.id)) }),
  );

  app.delete(
    '/users/:id',
    {
      config: { access: 'user' },
      schema: {
        params: idParams,
        querystring: deleteAccountQuerySchema,
        response: { 200: deleteAccountResponseSchema },
      },
    },
    async (request, reply) => {
      // Deleting other users belongs to the admin area; here an account deletes only itself.
      const userId = resolveTarget(request, request.params.id, false);
      if (!['true', '1'].includes(request.query.deleteCurrentUser ?? '')) {
        throw validationError({ deleteCurrentUser: [ACCOUNT_MESSAGES.confirmDelete] });
      }
      return { bootstrapData: await deleteOwnAccount(app, request, reply, userId) };
    },
  );
};
