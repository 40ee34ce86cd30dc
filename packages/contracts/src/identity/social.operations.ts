import { z } from 'zod';
import { defineOperations } from '../operation';
import { inviteIdParamSchema } from '../workspaces/workspaces';
import { bootstrapAnswerSchema, SOCIAL_SERVICES, socialConnectRequestSchema } from './auth';

const serviceParams = z.object({ service: z.string().max(40) });
const callbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(512).optional(),
});

/**
 * Social login (SPEC §4, §7). The popup pages (login, connect, callback) answer HTML or a redirect
 * for the browser's popup, not JSON; they are operations so the route table has no gaps, and stay
 * out of the API document, which lists what an API client can call.
 */
export const social = defineOperations('Social login', {
  login: {
    method: 'GET',
    path: '/secure/auth/social/:service/login',
    access: 'guest',
    params: serviceParams,
    /** Started from a workspace join page: the invitation to join once signed in. */
    query: z.object({ invite: inviteIdParamSchema.optional() }),
    summary: 'Popup: start a social login',
  },
  connect: {
    method: 'GET',
    path: '/secure/auth/social/:service/connect',
    access: 'user',
    params: serviceParams,
    summary: 'Popup: connect a social account',
  },
  callback: {
    method: 'GET',
    path: '/secure/auth/social/:service/callback',
    access: 'guest',
    params: serviceParams,
    query: callbackQuery,
    summary: "Popup: the provider's callback",
  },
  connectWithPassword: {
    method: 'POST',
    path: '/secure/auth/social/connect',
    access: 'guest',
    body: socialConnectRequestSchema,
    response: bootstrapAnswerSchema,
    summary: 'Connect a social account to an existing one with its password',
  },
  disconnect: {
    method: 'POST',
    path: '/secure/auth/social/:service/disconnect',
    access: 'user',
    params: z.object({ service: z.enum(SOCIAL_SERVICES) }),
    body: z.object({ service: z.enum(SOCIAL_SERVICES).optional() }).optional(),
    response: bootstrapAnswerSchema,
    summary: 'Disconnect a social account',
  },
});
