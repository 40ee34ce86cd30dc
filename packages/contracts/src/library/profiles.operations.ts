import { z } from 'zod';
import { defineOperations } from '../operation';
import { PERMISSIONS } from '../permissions';
import { userRefParamSchema } from '../primitives';
import {
  libraryPageQuerySchema,
  likedTracksPageSchema,
  playlistPageSchema,
  updateProfileRequestSchema,
  userProfileResponseSchema,
  userRefPageSchema,
} from './library';

/** `me` reads your own profile; a visitor has none. */
const userParams = z.object({ id: userRefParamSchema });
const musicView = { permission: PERMISSIONS.musicView } as const;

/** Public user profiles: /user/{id}/{slug} in the web app. */
export const profiles = defineOperations('Profiles', {
  get: {
    method: 'GET',
    path: '/api/v1/user-profile/:id',
    access: musicView,
    params: userParams,
    response: userProfileResponseSchema,
    summary: "A user's public profile",
  },
  playlists: {
    method: 'GET',
    path: '/api/v1/user-profile/:id/playlists',
    access: musicView,
    params: userParams,
    query: libraryPageQuerySchema,
    response: playlistPageSchema,
    summary: "A user's public playlists",
  },
  likes: {
    method: 'GET',
    path: '/api/v1/user-profile/:id/likes',
    access: musicView,
    params: userParams,
    query: libraryPageQuerySchema,
    response: likedTracksPageSchema,
    summary: "A user's liked tracks",
  },
  followers: {
    method: 'GET',
    path: '/api/v1/user-profile/:id/followers',
    access: musicView,
    params: userParams,
    query: libraryPageQuerySchema,
    response: userRefPageSchema,
    summary: "A user's followers",
  },
  following: {
    method: 'GET',
    path: '/api/v1/user-profile/:id/following',
    access: musicView,
    params: userParams,
    query: libraryPageQuerySchema,
    response: userRefPageSchema,
    summary: 'The users a user follows',
  },
  updateOwn: {
    method: 'PUT',
    path: '/api/v1/me/profile',
    access: 'user',
    body: updateProfileRequestSchema,
    response: userProfileResponseSchema,
    summary: 'Update your public profile',
  },
});
