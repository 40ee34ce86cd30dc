import {
  ADMIN_PERMISSIONS,
  BUILTIN_STATION_SLUG,
  hasPermission,
  msg,
  RADIO_LIMITS,
  type RadioSourceConfig,
  type RadioStation,
  type RadioStationAdmin,
  type saveRadioStationRequestSchema,
  type User,
} from '@zema/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '#src/db/client';
import { ConflictError, invalidInput, NotFoundError } from '#src/lib/errors';
import { type Actor, audit } from '#src/modules/audit/index';
import { checkPublicHttpUrl } from '#src/platform/public-http';
import { radioStations } from './radio.tables';

export type StationRow = typeof radioStations.$inferSelect;
type SaveInput = z.output<typeof saveRadioStationRequestSchema>;

/** The built-in station's own stream, on this site (relative: it plays from whichever host serves the page). */
export const builtinStreamPath = (slug: string) =>
  `/api/v1/radio/stations/${encodeURIComponent(slug)}/stream`;

export const canManageRadio = (user: User | null) => hasPermission(user, ADMIN_PERMISSIONS.radioUpdate);

export function toStation(row: StationRow): RadioStation {
  const builtin = row.source.kind === 'builtin';
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    cover: row.cover,
    streams: builtin ? [{ url: builtinStreamPath(row.slug), format: 'mp3' }] : row.streams,
    hls_url: builtin ? null : row.hlsUrl,
    builtin,
    has_now_playing: row.source.kind !== 'none',
  };
}

function toAdmin(row: StationRow): RadioStationAdmin {
  return {
    ...toStation(row),
    streams: row.streams,
    source: row.source,
    public: row.isPublic,
    position: row.position,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const ORDER = [asc(radioStations.position), asc(radioStations.id)] as const;

/** The stations a visitor sees, in the admin's order. */
export async function listPublicStations(db: Db): Promise<RadioStation[]> {
  const rows = await db
    .select()
    .from(radioStations)
    .where(eq(radioStations.isPublic, true))
    .orderBy(...ORDER);
  return rows.map(toStation);
}

/**
 * A station by its address, as `user` may see it: a hidden station is a draft only its managers
 * open (to try it before it is public); for everyone else it does not exist.
 */
export async function findStation(db: Db, slug: string, user: User | null): Promise<StationRow> {
  const [row] = await db
    .select()
    .from(radioStations)
    .where(eq(radioStations.slug, slug.toLowerCase()))
    .limit(1);
  if (!row || (!row.isPublic && !canManageRadio(user))) throw new NotFoundError();
  return row;
}

export async function stationById(db: Db, id: number): Promise<StationRow> {
  const [row] = await db.select().from(radioStations).where(eq(radioStations.id, id)).limit(1);
  if (!row) throw new NotFoundError();
  return row;
}

export async function listStationsForAdmin(db: Db): Promise<RadioStationAdmin[]> {
  const rows = await db
    .select()
    .from(radioStations)
    .orderBy(...ORDER);
  return rows.map(toAdmin);
}

export async function getStationForAdmin(db: Db, id: number): Promise<RadioStationAdmin> {
  return toAdmin(await stationById(db, id));
}

const MESSAGES = {
  slugTaken: msg('Another station has this address.'),
  notPublic: msg(
    'Use the address of a public host: the server does not connect to local or private networks.',
  ),
  builtinKind: msg('The built-in station plays the catalogue: its source cannot change.'),
  onlyOneBuiltin: msg('Only the built-in station plays the catalogue.'),
  builtinDelete: msg('The built-in station cannot be deleted; hide it instead.'),
  tooMany: msg('An install has at most 200 stations: delete one first.'),
  needsStream: msg('Add the stream to read its titles from, or choose another source.'),
} as const;

/**
 * Checks what a save would make the server (or a listener's player) connect to: every address an
 * http(s) URL of a public host. The watchers' connections check each resolved address again
 * (public-http.ts), so a name that later points inward is refused then too.
 */
function checkAddresses(input: SaveInput, allowPrivate: boolean): void {
  const errors: Record<string, string[]> = {};
  const check = (field: string, url: string | null | undefined) => {
    if (url && !checkPublicHttpUrl(url, allowPrivate)) errors[field] = [MESSAGES.notPublic];
  };
  for (const [i, stream] of input.streams.entries()) check(`streams.${i}.url`, stream.url);
  check('hls_url', input.hls_url);
  if (input.source.kind === 'azuracast' || input.source.kind === 'icecast') {
    check('source.base_url', input.source.base_url);
  }
  if (input.source.kind === 'icy') {
    check('source.url', input.source.url);
    if (!input.source.url && !input.streams.length) errors['source.url'] = [MESSAGES.needsStream];
  }
  if (Object.keys(errors).length) throw invalidInput(errors);
}

function rowValues(input: SaveInput) {
  return {
    slug: input.slug,
    name: input.name,
    description: input.description,
    cover: input.cover || null,
    streams: input.streams,
    hlsUrl: input.hls_url,
    source: normaliseSource(input.source),
    isPublic: input.public,
  };
}

/** Lists the schedule by day, one playlist per day (the last one given wins). */
function normaliseSource(source: RadioSourceConfig): RadioSourceConfig {
  if (source.kind !== 'builtin') return source;
  const byDay = new Map(source.schedule.map((s) => [s.date, s]));
  return { ...source, schedule: [...byDay.values()].sort((a, b) => a.date.localeCompare(b.date)) };
}

async function slugTaken(db: Db, slug: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: radioStations.id })
    .from(radioStations)
    .where(eq(radioStations.slug, slug))
    .limit(1);
  return !!row && row.id !== exceptId;
}

export type StationSaveOptions = { allowPrivateAddresses?: boolean };

export async function createStation(
  db: Db,
  actor: Actor,
  input: SaveInput,
  opts: StationSaveOptions = {},
): Promise<RadioStationAdmin> {
  if (input.source.kind === 'builtin') throw invalidInput({ 'source.kind': [MESSAGES.onlyOneBuiltin] });
  checkAddresses(input, opts.allowPrivateAddresses === true);
  return db.transaction(async (tx) => {
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(radioStations);
    if ((count?.n ?? 0) >= RADIO_LIMITS.stations) {
      throw new ConflictError(MESSAGES.tooMany);
    }
    if (await slugTaken(tx, input.slug))
      throw new ConflictError(MESSAGES.slugTaken, { slug: [MESSAGES.slugTaken] });
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${radioStations.position}), 0)::int` })
      .from(radioStations);
    const [row] = await tx
      .insert(radioStations)
      .values({ ...rowValues(input), position: (last?.max ?? 0) + 1 })
      .returning();
    const station = toAdmin(row!);
    await audit(tx, actor, {
      action: 'radio_station.create',
      target: { type: 'radio_station', id: station.id, label: station.name },
      after: station,
    });
    return station;
  });
}

export async function updateStation(
  db: Db,
  actor: Actor,
  id: number,
  input: SaveInput,
  opts: StationSaveOptions = {},
): Promise<RadioStationAdmin> {
  checkAddresses(input, opts.allowPrivateAddresses === true);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(radioStations).where(eq(radioStations.id, id)).for('update');
    if (!before) throw new NotFoundError();
    const wasBuiltin = before.source.kind === 'builtin';
    if (wasBuiltin !== (input.source.kind === 'builtin')) {
      throw invalidInput({ 'source.kind': [wasBuiltin ? MESSAGES.builtinKind : MESSAGES.onlyOneBuiltin] });
    }
    if (await slugTaken(tx, input.slug, id))
      throw new ConflictError(MESSAGES.slugTaken, { slug: [MESSAGES.slugTaken] });
    const [row] = await tx
      .update(radioStations)
      .set({ ...rowValues(input), updatedAt: new Date() })
      .where(eq(radioStations.id, id))
      .returning();
    const station = toAdmin(row!);
    await audit(tx, actor, {
      action: 'radio_station.update',
      target: { type: 'radio_station', id, label: station.name },
      before: toAdmin(before),
      after: station,
    });
    return station;
  });
}

/** Puts the given stations first, in this order; the others keep their order after them. */
export async function reorderStations(db: Db, actor: Actor, ids: number[]): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: radioStations.id })
      .from(radioStations)
      .orderBy(...ORDER)
      .for('update');
    const known = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw invalidInput({ ids: [msg('One of these stations does not exist.')] });
    const wanted = [...new Set(ids)];
    const order = [...wanted, ...rows.map((r) => r.id).filter((id) => !wanted.includes(id))];
    for (const [index, id] of order.entries()) {
      await tx
        .update(radioStations)
        .set({ position: index + 1 })
        .where(eq(radioStations.id, id));
    }
    await audit(tx, actor, { action: 'radio_station.reorder', after: { ids: order } });
  });
}

export async function deleteStation(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(radioStations).where(eq(radioStations.id, id)).for('update');
    if (!row) throw new NotFoundError();
    if (row.source.kind === 'builtin') throw new ConflictError(MESSAGES.builtinDelete);
    await tx.delete(radioStations).where(eq(radioStations.id, id));
    await audit(tx, actor, {
      action: 'radio_station.delete',
      target: { type: 'radio_station', id, label: row.name },
      before: toAdmin(row),
    });
  });
}

/** Stations by id (the watchers' and the streams' lookups). */
export async function stationsByIds(db: Db, ids: number[]): Promise<StationRow[]> {
  if (!ids.length) return [];
  return db.select().from(radioStations).where(inArray(radioStations.id, ids));
}

export const isBuiltinSlug = (slug: string) => slug === BUILTIN_STATION_SLUG;
