import { z } from 'zod';
import { defineOperations } from '../operation';
import { ADMIN_PERMISSIONS as A } from '../permissions';
import { idParamSchema } from '../primitives';
import {
  radioNowPlayingSchema,
  radioSourceCheckResponseSchema,
  radioStationAdminListResponseSchema,
  radioStationAdminSchema,
  radioStationListResponseSchema,
  radioStationParamsSchema,
  radioStationResponseSchema,
  reorderRadioStationsRequestSchema,
  saveRadioStationRequestSchema,
} from './radio';

/** Stations as listeners reach them: open to every visitor, like the landing page that links them. */
export const radio = defineOperations('Radio', {
  list: {
    method: 'GET',
    path: '/api/v1/radio/stations',
    access: 'guest',
    response: radioStationListResponseSchema,
    summary: 'The public radio stations, in the admin’s order',
  },
  get: {
    method: 'GET',
    path: '/api/v1/radio/stations/:slug',
    access: 'guest',
    params: radioStationParamsSchema,
    response: radioStationResponseSchema,
    summary: 'A station with its now playing and the songs before it',
  },
  events: {
    method: 'GET',
    path: '/api/v1/radio/stations/:slug/events',
    access: 'guest',
    params: radioStationParamsSchema,
    summary: 'A station’s now playing as server-sent events (`now-playing`; Last-Event-ID resumes)',
  },
  stream: {
    method: 'GET',
    path: '/api/v1/radio/stations/:slug/stream',
    access: 'guest',
    params: radioStationParamsSchema,
    summary: 'The built-in station’s live MP3 stream (ICY metadata with Icy-MetaData: 1)',
  },
});

const access = { permission: A.radioUpdate } as const;
const idParams = z.object({ id: idParamSchema });

/** The admin's stations: list, read, create, change, order, check a source, delete. */
export const radioAdmin = defineOperations('Radio', {
  list: {
    method: 'GET',
    path: '/api/v1/admin/radio/stations',
    access,
    response: radioStationAdminListResponseSchema,
    summary: 'Every station, hidden ones too, in order',
  },
  get: {
    method: 'GET',
    path: '/api/v1/admin/radio/stations/:id',
    access,
    params: idParams,
    response: z.object({ station: radioStationAdminSchema }),
    summary: 'One station with its source',
  },
  create: {
    method: 'POST',
    path: '/api/v1/admin/radio/stations',
    access,
    body: saveRadioStationRequestSchema,
    response: z.object({ station: radioStationAdminSchema }),
    summary: 'Add a station (its addresses must be public http(s) hosts)',
  },
  update: {
    method: 'PUT',
    path: '/api/v1/admin/radio/stations/:id',
    access,
    params: idParams,
    body: saveRadioStationRequestSchema,
    response: z.object({ station: radioStationAdminSchema }),
    summary: 'Change a station',
  },
  reorder: {
    method: 'POST',
    path: '/api/v1/admin/radio/stations/reorder',
    access,
    body: reorderRadioStationsRequestSchema,
    response: z.object({ ok: z.literal(true) }),
    summary: 'Put the stations in this order',
  },
  checkSource: {
    method: 'POST',
    path: '/api/v1/admin/radio/stations/:id/check',
    access,
    params: idParams,
    response: radioSourceCheckResponseSchema,
    summary: 'Read the station’s now-playing source once, and say what it answered',
  },
  skip: {
    method: 'POST',
    path: '/api/v1/admin/radio/stations/:id/skip',
    access,
    params: idParams,
    response: z.object({ now_playing: radioNowPlayingSchema }),
    summary: 'The built-in station: end the song on air now; the next one starts for every listener',
  },
  delete: {
    method: 'DELETE',
    path: '/api/v1/admin/radio/stations/:id',
    access,
    params: idParams,
    response: z.object({ deleted: z.literal(true) }),
    summary: 'Delete a station (the built-in one can be hidden, not deleted)',
  },
});
