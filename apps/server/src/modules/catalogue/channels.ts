import type {
  ChannelConfig,
  ChannelContent,
  ChannelContentType,
  ChannelPagination,
  NestedChannel,
} from '@zema/contracts';
import { and, asc, count, desc, eq, gt, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import type { DomainEvents } from '#src/lib/events';
import {
  albums,
  artists,
  channelItems,
  channels,
  genres,
  trackGenre,
  tracks,
} from '#src/modules/catalogue/tables';
import { plays } from '#src/modules/player/tables';
import type { SharedCache } from '#src/platform/shared-cache';
import { loadAlbums, loadArtistRefs, loadGenres, loadTracks } from './catalogue.loaders';
import { artistPlaysSince, trendingSince } from './trending';

/**
 * Channel content: a manual channel shows its chosen list in order; any other rule fills it from the
 * catalogue. A channel of channels carries its children with their own content, one level deep.
 * A page holds `config.limit` items; `?page` walks further.
 */

type Slice = { ids: number[]; total: number };
type ChannelRow = typeof channels.$inferSelect;

/** The ids of one page of content filled by a rule. */
async function ruleSlice(
  db: Database,
  type: ChannelContentType,
  rule: Exclude<ChannelConfig['rule'], 'manual'>,
  limit: number,
  offset: number,
  selfId: number,
): Promise<Slice> {
  const since = trendingSince();
  switch (type) {
    case 'track': {
      const week = db
        .select({ trackId: plays.trackId, n: sql<number>`count(*)`.as('n') })
        .from(plays)
        .where(gt(plays.playedAt, since))
        .groupBy(plays.trackId)
        .as('week');
      const order: SQL[] =
        rule === 'popular_week'
          ? [sql`coalesce(${week.n}, 0) desc`, desc(tracks.plays)]
          : rule === 'popular_all_time'
            ? [desc(tracks.plays)]
            : rule === 'newest'
              ? [sql`${albums.releaseDate} desc nulls last`, desc(tracks.createdAt)]
              : [asc(sql`lower(${tracks.name})`)];
      const ids = db
        .select({ id: tracks.id })
        .from(tracks)
        .leftJoin(albums, eq(albums.id, tracks.albumId))
        .$dynamic();
      if (rule === 'popular_week') ids.leftJoin(week, eq(week.trackId, tracks.id));
      const [rows, [total]] = await Promise.all([
        ids
          .orderBy(...order, asc(tracks.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(tracks),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    }
    case 'album': {
      const week = db
        .select({ albumId: tracks.albumId, n: sql<number>`count(*)`.as('n') })
        .from(plays)
        .innerJoin(tracks, eq(tracks.id, plays.trackId))
        .where(gt(plays.playedAt, since))
        .groupBy(tracks.albumId)
        .as('week');
      const order: SQL[] =
        rule === 'popular_week'
          ? [sql`coalesce(${week.n}, 0) desc`, desc(albums.plays)]
          : rule === 'popular_all_time'
            ? [desc(albums.plays)]
            : rule === 'newest'
              ? [sql`${albums.releaseDate} desc nulls last`, desc(albums.createdAt)]
              : [asc(sql`lower(${albums.name})`)];
      const ids = db.select({ id: albums.id }).from(albums).$dynamic();
      if (rule === 'popular_week') ids.leftJoin(week, eq(week.albumId, albums.id));
      const [rows, [total]] = await Promise.all([
        ids
          .orderBy(...order, asc(albums.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(albums),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    }
    case 'artist': {
      const week = artistPlaysSince(db, since);
      const order: SQL[] =
        rule === 'popular_week'
          ? [sql`coalesce(${week.n}, 0) desc`, desc(artists.plays)]
          : rule === 'popular_all_time'
            ? [desc(artists.plays)]
            : rule === 'newest'
              ? [desc(artists.createdAt)]
              : [asc(sql`lower(${artists.name})`)];
      const ids = db.select({ id: artists.id }).from(artists).$dynamic();
      if (rule === 'popular_week') ids.leftJoin(week, eq(week.artistId, artists.id));
      const [rows, [total]] = await Promise.all([
        ids
          .orderBy(...order, asc(artists.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(artists),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    }
    case 'genre': {
      // A genre's popularity is the plays of its tracks (in the window, or all time).
      const popularity =
        rule === 'popular_week'
          ? db
              .select({ genreId: trackGenre.genreId, n: sql<number>`count(*)`.as('n') })
              .from(plays)
              .innerJoin(trackGenre, eq(trackGenre.trackId, plays.trackId))
              .where(gt(plays.playedAt, since))
              .groupBy(trackGenre.genreId)
              .as('pop')
          : db
              .select({ genreId: trackGenre.genreId, n: sql<number>`sum(${tracks.plays})`.as('n') })
              .from(trackGenre)
              .innerJoin(tracks, eq(tracks.id, trackGenre.trackId))
              .groupBy(trackGenre.genreId)
              .as('pop');
      const popular = rule === 'popular_week' || rule === 'popular_all_time';
      const order: SQL[] = popular
        ? [sql`coalesce(${popularity.n}, 0) desc`]
        : rule === 'newest'
          ? [desc(genres.createdAt)]
          : [asc(sql`lower(${genres.displayName})`)];
      const ids = db.select({ id: genres.id }).from(genres).$dynamic();
      if (popular) ids.leftJoin(popularity, eq(popularity.genreId, genres.id));
      const [rows, [total]] = await Promise.all([
        ids
          .orderBy(...order, asc(genres.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(genres),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    }
    case 'channel': {
      // Channels have no plays: "popular" rules list them by name like alphabetical.
      const order = rule === 'newest' ? [desc(channels.createdAt)] : [asc(sql`lower(${channels.name})`)];
      const [rows, [total]] = await Promise.all([
        db
          .select({ id: channels.id })
          .from(channels)
          .where(ne(channels.id, selfId))
          .orderBy(...order, asc(channels.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(channels).where(ne(channels.id, selfId)),
      ]);
      return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
    }
  }
}

async function contentSlice(db: Database, channel: ChannelRow, page: number): Promise<Slice> {
  const { contentType, rule, limit } = channel.config;
  const offset = (page - 1) * limit;
  if (rule !== 'manual') return ruleSlice(db, contentType, rule, limit, offset, channel.id);
  const where = and(eq(channelItems.channelId, channel.id), eq(channelItems.itemType, contentType));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: channelItems.itemId })
      .from(channelItems)
      .where(where)
      .orderBy(asc(channelItems.position), asc(channelItems.itemId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(channelItems).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: Number(total?.n ?? 0) };
}

function nested(row: ChannelRow, content: ChannelContent): NestedChannel {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    config: row.config,
    content,
  };
}

async function loadContent(
  db: Database,
  type: ChannelContentType,
  ids: number[],
  userId: number | null,
  depth: number,
): Promise<ChannelContent> {
  switch (type) {
    case 'track':
      return { type, items: await loadTracks(db, ids, { userId }) };
    case 'album':
      return { type, items: await loadAlbums(db, ids, { userId }) };
    case 'artist':
      return { type, items: await loadArtistRefs(db, ids) };
    case 'genre':
      return { type, items: await loadGenres(db, ids) };
    case 'channel': {
      const rows = ids.length ? await db.select().from(channels).where(inArray(channels.id, ids)) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      const ordered = ids.map((id) => byId.get(id)).filter((r): r is ChannelRow => Boolean(r));
      const items = await Promise.all(
        ordered.map(async (child) => {
          // One level deep: a grandchild channel is listed without its own content.
          if (depth >= 1)
            return nested(child, { type: child.config.contentType, items: [] } as ChannelContent);
          const slice = await contentSlice(db, child, 1);
          return nested(child, await loadContent(db, child.config.contentType, slice.ids, userId, depth + 1));
        }),
      );
      return { type, items };
    }
  }
}

export type ChannelAnswer = {
  channel: NestedChannel;
  pagination: ChannelPagination;
};

export async function getChannel(
  db: Database,
  idOrSlug: string,
  opts: { userId: number | null; page: number },
): Promise<ChannelAnswer | null> {
  const byId = /^\d+$/.test(idOrSlug);
  const [row] = await db
    .select()
    .from(channels)
    .where(byId ? eq(channels.id, Number(idOrSlug)) : eq(channels.slug, idOrSlug.toLowerCase()));
  if (!row) return null;
  const slice = await contentSlice(db, row, opts.page);
  const content = await loadContent(db, row.config.contentType, slice.ids, opts.userId, 0);
  const perPage = row.config.limit;
  const lastPage = Math.max(1, Math.ceil(slice.total / perPage));
  return {
    channel: nested(row, content),
    pagination: {
      current_page: opts.page,
      per_page: perPage,
      total: slice.total,
      last_page: lastPage,
      next_page: opts.page < lastPage ? opts.page + 1 : null,
    },
  };
}

/**
 * What a channel would show with settings not saved yet (the admin editor's live preview): the
 * first `config.limit` of the chosen items for a manual channel, otherwise what the rule picks
 * now. `id` is the channel being edited, kept out of its own list of channels.
 */
export async function previewChannelContent(
  db: Database,
  draft: { id?: number; config: ChannelConfig; items?: number[] },
  userId: number | null,
): Promise<ChannelContent> {
  const { contentType, rule, limit } = draft.config;
  const selfId = draft.id ?? 0;
  const ids =
    rule === 'manual'
      ? [...new Set(draft.items ?? [])]
          .filter((id) => contentType !== 'channel' || id !== selfId)
          .slice(0, limit)
      : (await ruleSlice(db, contentType, rule, limit, 0, selfId)).ids;
  return loadContent(db, contentType, ids, userId, 0);
}

/** Guests' first page of a channel, as the served HTML paints it (see publicChannel). */
export const PUBLIC_CHANNEL_TTL_MS = 60_000;
const PUBLIC_CHANNEL_NAMESPACE = 'channel-paint:';

/**
 * A channel's first page as a guest sees it, kept in the shared cache for PUBLIC_CHANNEL_TTL_MS:
 * the SPA shell paints its rows into the served HTML (decision 0022), so a page load does not run
 * the channel's queries a second time ahead of the API call the app makes next. A rule's content
 * (popular this week) may lag by up to the TTL there; the app's own call is never cached.
 */
export async function publicChannel(
  deps: { db: Database; cache: SharedCache },
  slug: string,
): Promise<NestedChannel | null> {
  return deps.cache.get(
    `${PUBLIC_CHANNEL_NAMESPACE}${slug.toLowerCase()}`,
    async () => (await getChannel(deps.db, slug, { userId: null, page: 1 }))?.channel ?? null,
    { ttlMs: PUBLIC_CHANNEL_TTL_MS },
  );
}

/** Channels and their content follow every catalogue write (wired once in deps.ts, decision 0019). */
export function invalidatePublicChannelsOnChange(events: DomainEvents, cache: SharedCache) {
  events.on('catalogue.changed', () => cache.invalidatePrefix(PUBLIC_CHANNEL_NAMESPACE));
}
