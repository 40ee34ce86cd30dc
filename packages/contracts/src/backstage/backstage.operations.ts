import { z } from 'zod';
import {
  albumPageSchema,
  albumResponseSchema,
  artistResponseSchema,
  trackPageSchema,
  trackResponseSchema,
} from '../catalogue/catalogue';
import { messageResponseSchema } from '../common';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A, PERMISSIONS as P } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  backstageArtistsResponseSchema,
  backstageCatalogueQuerySchema,
  backstageRequestResponseSchema,
  backstageRequestsListQuerySchema,
  backstageRequestsListResponseSchema,
  createBackstageRequestSchema,
  denyBackstageRequestSchema,
  myBackstageRequestsQuerySchema,
  myBackstageRequestsResponseSchema,
  updateBackstageAlbumSchema,
  updateBackstageArtistSchema,
  updateBackstageTrackSchema,
} from './backstage';
import { insightsQuerySchema, insightsResponseSchema } from './backstage-insights';

const idParams = z.object({ id: idParamSchema });
const artistArea = { permission: P.backstageAccess } as const;
const review = { permission: A.backstageReview } as const;

/**
 * The backstage. Requests are any signed-in user's; the artist's area needs
 * `backstage.access` and, per call, a link to the artist the item belongs to (403 otherwise); the
 * review is the admins'.
 */
export const backstage = defineOperations('Backstage', {
  myRequests: {
    method: 'GET',
    path: '/api/v1/backstage/requests',
    access: 'user',
    query: myBackstageRequestsQuerySchema,
    response: myBackstageRequestsResponseSchema,
    summary: "The caller's backstage requests, newest first, with their status and any deny reason",
  },
  createRequest: {
    method: 'POST',
    path: '/api/v1/backstage/requests',
    access: 'user',
    body: createBackstageRequestSchema,
    response: backstageRequestResponseSchema,
    summary: 'Ask to become a new artist, claim an existing one or verify one you manage',
  },
  myArtists: {
    method: 'GET',
    path: '/api/v1/backstage/artists',
    access: artistArea,
    response: backstageArtistsResponseSchema,
    summary: 'The artists the caller manages, with their role',
  },
  artist: {
    method: 'GET',
    path: '/api/v1/backstage/artists/:id',
    access: artistArea,
    params: idParams,
    response: artistResponseSchema,
    summary: 'One of your artists, as its page shows it (for the editor)',
  },
  updateArtist: {
    method: 'PUT',
    path: '/api/v1/backstage/artists/:id',
    access: artistArea,
    params: idParams,
    body: updateBackstageArtistSchema,
    response: artistResponseSchema,
    summary: "Edit your artist's page: name, bio, images, links, genres",
  },
  /**
   * Plays over time, unique listeners, top tracks, countries and devices of one of your artists
   * (an admin's, or an analytics viewer's, of any artist): 403 for an artist you do not manage.
   */
  insights: {
    method: 'GET',
    path: '/api/v1/backstage/artists/:id/insights',
    access: artistArea,
    params: idParams,
    query: insightsQuerySchema,
    response: insightsResponseSchema,
    summary: "Your artist's plays, listeners, top tracks, countries and devices over a range",
  },
  artistTracks: {
    method: 'GET',
    path: '/api/v1/backstage/artists/:id/tracks',
    access: artistArea,
    params: idParams,
    query: backstageCatalogueQuerySchema,
    response: trackPageSchema,
    summary: "Your artist's tracks, newest first; search by name",
  },
  artistAlbums: {
    method: 'GET',
    path: '/api/v1/backstage/artists/:id/albums',
    access: artistArea,
    params: idParams,
    query: backstageCatalogueQuerySchema,
    response: albumPageSchema,
    summary: "Your artist's albums, newest first; search by name",
  },
  updateTrack: {
    method: 'PUT',
    path: '/api/v1/backstage/tracks/:id',
    access: artistArea,
    params: idParams,
    body: updateBackstageTrackSchema,
    response: trackResponseSchema,
    summary: 'Edit a track of one of your artists',
  },
  deleteTrack: {
    method: 'DELETE',
    path: '/api/v1/backstage/tracks/:id',
    inWorkspace: true,
    access: artistArea,
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete a track of one of your artists, with its audio',
  },
  updateAlbum: {
    method: 'PUT',
    path: '/api/v1/backstage/albums/:id',
    access: artistArea,
    params: idParams,
    body: updateBackstageAlbumSchema,
    response: albumResponseSchema,
    summary: 'Edit an album of one of your artists (name, cover, type, release date, description)',
  },
  deleteAlbum: {
    method: 'DELETE',
    path: '/api/v1/backstage/albums/:id',
    inWorkspace: true,
    access: artistArea,
    params: idParams,
    response: messageResponseSchema,
    summary: 'Delete an album of one of your artists (its tracks stay)',
  },
  /** Multipart `file`: re-encoded like the admin's catalogue pictures; PUT the URL on the item. */
  uploadImage: {
    method: 'POST',
    path: '/api/v1/backstage/images',
    access: artistArea,
    response: z.object({ url: z.string() }),
    summary: 'Upload a picture for your artist, album or track',
  },
});

/** The admin's review of backstage requests (/admin/backstage-requests). */
export const backstageReview = defineOperations('Backstage (admin)', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/backstage-requests',
    access: review,
    query: backstageRequestsListQuerySchema,
    response: backstageRequestsListResponseSchema,
    summary: 'Backstage requests: filter by status and type, search, sort, paginate',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/backstage-requests/:id',
    access: review,
    params: idParams,
    response: backstageRequestResponseSchema,
    summary: 'One backstage request with its links, message and proof',
  },
  approve: {
    method: 'POST',
    path: '/api/v1/admin/backstage-requests/:id/approve',
    access: review,
    params: idParams,
    response: backstageRequestResponseSchema,
    summary: 'Approve: the user gets the artist role and is linked to the artist (created for "become")',
  },
  deny: {
    method: 'POST',
    path: '/api/v1/admin/backstage-requests/:id/deny',
    access: review,
    params: idParams,
    body: denyBackstageRequestSchema,
    response: backstageRequestResponseSchema,
    summary: 'Deny with a reason the requester sees',
  },
});
