import {
  type GuestRole,
  hasPermission,
  isSitePath,
  type OperationAccess,
  pagePaths,
  SITE_ROUTES,
} from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { library } from '@zema/contracts/library/library.operations';
import { customPages as customPageOperations } from '@zema/contracts/pages/pages.operations';
import { and, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { NotFoundError } from '#src/lib/errors';
import { escapeHtml } from '#src/lib/html';
import { albums, artists, tracks } from '#src/modules/catalogue/tables';
import { playlists, playlistVisibleToGuests } from '#src/modules/library/tables';
import { customPageReadableByGuests, customPages } from '#src/modules/pages/tables';
import { listPublicStations } from '#src/modules/radio/index';
import { cachedGuestRole } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';

/**
 * sitemap.xml (sitemaps.org 0.9): an index of child sitemaps, one kind of page each, at most
 * `SITEMAP_URLS_PER_FILE` addresses per child, listing only what a visitor may open: a kind whose
 * read the guest role may not call is left out whole, and a kind's rows are filtered by its
 * module's own rule (`customPageReadableByGuests`, `playlistVisibleToGuests`). The catalogue holds
 * published music only — drafts and scheduled releases wait in the backstage's tables.
 *
 * A kind's rows are cut into files by id range. The ranges come from one pass over the kind's
 * visible rows, the only part that grows with the catalogue: the rows are counted (and their
 * newest change taken) in buckets of a tenth of a file's ids, and consecutive buckets are joined
 * while they fit in one file — so a file holds more than nine tenths of the limit (the last one
 * aside) and never more. Grouping by `id / width` needs no order: on 100 000 tracks in PGlite it
 * took 28 ms where numbering the rows with `row_number() over (order by id)` took 63 ms. A file
 * then reads its rows by their id range — an index range scan, never an OFFSET — and has the
 * database hand them over as one JSON text, since turning 10 000 rows into JavaScript objects one
 * by one costs several times the query itself.
 *
 * The sitemap job builds every file with these functions and stores them (sitemap-store.ts); the
 * routes serve what it stored, and build here only until it has (or for another site address).
 * What is built here is cached for `SITEMAP_TTL_MS` (crawlers read a sitemap hours apart). A file
 * is cached under the boundaries it was cut by and expires with them, so the index and its files
 * always agree on where one file ends and the next begins.
 */

/** Addresses per child sitemap (the protocol allows 50 000; smaller files are quicker to build). */
export const SITEMAP_URLS_PER_FILE = 10_000;

/** How long the boundaries and the built files are kept. */
export const SITEMAP_TTL_MS = 60 * 60 * 1000;

/** Cache keys of the sitemap start with this (tests drop them to see their new rows at once). */
export const SITEMAP_CACHE_PREFIX = 'sitemap:';

export const SITEMAP_KINDS = ['static', 'pages', 'artists', 'albums', 'tracks', 'playlists'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export type SitemapDeps = Pick<Deps, 'db' | 'cache' | 'settings'>;
export type SitemapOptions = {
  /** Addresses per child file (tests page through a handful of rows with a small number). */
  perFile?: number;
};

/** A kind whose pages are rows of one table, each with its own address. */
type RowSource = {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  updatedAt: PgColumn;
  /** What the address is built from besides the id: the name (for the slug) or the stored slug. */
  label: PgColumn;
  path: (id: number, label: string) => string;
  /** Which rows a visitor may open; none = all of them. */
  visible?: () => SQL;
  /** The operation that reads one row: a visitor who may not call it sees none of its pages. */
  access: OperationAccess;
};

const ROW_SOURCES: Record<Exclude<SitemapKind, 'static'>, RowSource> = {
  pages: {
    table: customPages,
    id: customPages.id,
    createdAt: customPages.createdAt,
    updatedAt: customPages.updatedAt,
    label: customPages.slug,
    path: (_id, slug) => pagePaths.customPage({ slug }),
    visible: customPageReadableByGuests,
    access: customPageOperations.get.access,
  },
  artists: {
    table: artists,
    id: artists.id,
    createdAt: artists.createdAt,
    updatedAt: artists.updatedAt,
    label: artists.name,
    path: (id, name) => pagePaths.artist({ id, name }),
    access: catalogue.artist.access,
  },
  albums: {
    table: albums,
    id: albums.id,
    createdAt: albums.createdAt,
    updatedAt: albums.updatedAt,
    label: albums.name,
    path: (id, name) => pagePaths.album({ id, name }),
    access: catalogue.album.access,
  },
  tracks: {
    table: tracks,
    id: tracks.id,
    createdAt: tracks.createdAt,
    updatedAt: tracks.updatedAt,
    label: tracks.name,
    path: (id, name) => pagePaths.track({ id, name }),
    access: catalogue.track.access,
  },
  playlists: {
    table: playlists,
    id: playlists.id,
    createdAt: playlists.createdAt,
    updatedAt: playlists.updatedAt,
    label: playlists.name,
    path: (id, name) => pagePaths.playlist({ id, name }),
    visible: playlistVisibleToGuests,
    access: library.getPlaylist.access,
  },
};

/** Whether a visitor (the guest role) may call an operation of this access. */
function guestMay(role: GuestRole | null, access: OperationAccess): boolean {
  if (access === 'guest') return true;
  if (typeof access === 'string') return false;
  if ('permission' in access) return hasPermission(role, access.permission);
  return access.anyPermission.some((name) => hasPermission(role, name));
}

/** When a row last changed. */
const changedAt = (s: RowSource) => sql`greatest(${s.createdAt}, ${s.updatedAt})`;

/** A time as a W3C datetime in UTC, to the second (`2026-11-29T15:06:40Z`). */
const w3c = (time: SQL) => sql`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const perFileOf = (opts: SitemapOptions) => {
  const n = opts.perFile ?? SITEMAP_URLS_PER_FILE;
  if (!Number.isSafeInteger(n) || n < 1) throw new RangeError(`perFile must be a positive integer, not ${n}`);
  return n;
};

/** Where one file of a kind starts, and its newest change. */
type FileBounds = { firstId: number; lastmod: string | null };
export type Plan = {
  files: FileBounds[];
  stamp: string;
  expires: number;
  /** The buckets' ids, counts and changes as read: equal fingerprints, the same rows to list. */
  fingerprint: string;
};

let planCount = 0;

type Bucket = { first_id: number; n: number; lastmod: string };

/** One pass over the visible rows of a kind: each file's first id and newest change, in id order. */
async function loadPlan(deps: SitemapDeps, source: RowSource, perFile: number): Promise<Plan> {
  const loadedAt = Date.now();
  const visible = source.visible?.();
  // Ids 1 to width in the first bucket, and so on; none holds more rows than a file may.
  const width = Math.max(1, Math.floor(perFile / 10));
  const result = (await deps.db.execute(sql`
    select min(${source.id})::int as first_id, count(*)::int as n,
           ${w3c(sql`max(${changedAt(source)})`)} as lastmod
    from ${source.table}
    ${visible ? sql`where ${visible}` : sql``}
    group by (${source.id} - 1) / ${sql.raw(String(width))}
    order by 1`)) as unknown as { rows: Bucket[] };
  const files: FileBounds[] = [];
  let rows = 0;
  for (const bucket of result.rows) {
    const n = Number(bucket.n);
    const file = files.at(-1);
    if (file && rows + n <= perFile) {
      rows += n;
      // W3C datetimes in UTC, all of one length: their text order is their time order.
      if (bucket.lastmod > (file.lastmod ?? '')) file.lastmod = bucket.lastmod;
    } else {
      files.push({ firstId: Number(bucket.first_id), lastmod: bucket.lastmod });
      rows = n;
    }
  }
  return {
    files,
    stamp: `${loadedAt}.${++planCount}`,
    expires: loadedAt + SITEMAP_TTL_MS,
    fingerprint: JSON.stringify(result.rows.map((b) => [Number(b.first_id), Number(b.n), b.lastmod])),
  };
}

/** The kinds whose pages are rows, in the order the index lists them. */
export type RowKind = keyof typeof ROW_SOURCES;
export const ROW_KINDS = Object.keys(ROW_SOURCES) as RowKind[];

/** A kind's file boundaries read now, past the cache (the sitemap job). */
export function freshPlan(deps: SitemapDeps, kind: RowKind, opts: SitemapOptions = {}): Promise<Plan> {
  return loadPlan(deps, ROW_SOURCES[kind], perFileOf(opts));
}

function planOf(deps: SitemapDeps, kind: keyof typeof ROW_SOURCES, perFile: number): Promise<Plan> {
  return deps.cache.get(
    `${SITEMAP_CACHE_PREFIX}plan:${kind}:${perFile}`,
    () => loadPlan(deps, ROW_SOURCES[kind], perFile),
    { ttlMs: SITEMAP_TTL_MS },
  );
}

/** The site's address without a trailing slash: every `<loc>` is absolute. */
export async function siteBase(deps: SitemapDeps): Promise<string> {
  return (await deps.settings.getClientSettings()).base_url.replace(/\/+$/, '');
}

/**
 * An absolute address as a `<loc>`: the path's non-ASCII letters (a slug in Ge'ez script) are
 * percent-encoded as RFC 3986 wants, then the whole is escaped for XML.
 */
function loc(base: string, path: string): string {
  const encoded = /[^\x21-\x7e]/.test(path) ? path.replace(/[^\x21-\x7e]+/g, encodeURIComponent) : path;
  return escapeXml(base + encoded);
}

export function escapeXml(text: string): string {
  return /[&<>"']/.test(text) ? escapeHtml(text) : text;
}

/** The pages that are not rows: the landing page, the player's home, pricing and contact. */
async function staticPaths(deps: SitemapDeps, role: GuestRole | null): Promise<string[]> {
  const settings = await deps.settings.getClientSettings();
  const paths = ['/'];
  if (guestMay(role, catalogue.channel.access)) paths.push(SITE_ROUTES.discover);
  if (settings.billing.enable) paths.push(SITE_ROUTES.pricing);
  paths.push(pagePaths.contact());
  // The radio: its list and every public station (a handful; hidden ones are drafts).
  const stations = await listPublicStations(deps.db);
  if (stations.length) paths.push('/radio', ...stations.map((s) => `/radio/${s.slug}`));
  // A page still to come (PAGES_TO_COME) answers 404: it is listed once the app has it.
  return paths.filter(isSitePath);
}

/** The kinds of rows a visitor may open, in the order the index lists them. */
export function visibleKinds(role: GuestRole | null) {
  return (Object.keys(ROW_SOURCES) as (keyof typeof ROW_SOURCES)[]).filter((kind) =>
    guestMay(role, ROW_SOURCES[kind].access),
  );
}

export type SitemapFileRef = { name: string; lastmod: string | null };

/** The child files of the index (`tracks-2`), each with its newest change. */
export async function sitemapFiles(deps: SitemapDeps, opts: SitemapOptions = {}): Promise<SitemapFileRef[]> {
  const perFile = perFileOf(opts);
  const role = await cachedGuestRole(deps.db, deps.cache);
  const kinds = visibleKinds(role);
  // At once: on PostgreSQL the kinds are read side by side (PGlite runs them one after another).
  const plans = await Promise.all(kinds.map((kind) => planOf(deps, kind, perFile)));
  return [
    { name: 'static-1', lastmod: null },
    ...kinds.flatMap((kind, k) =>
      plans[k]!.files.map((f, i) => ({ name: `${kind}-${i + 1}`, lastmod: f.lastmod })),
    ),
  ];
}

/** `GET /sitemap.xml`: the sitemap index. */
export async function buildSitemapIndex(deps: SitemapDeps, opts: SitemapOptions = {}): Promise<string> {
  const [base, files] = await Promise.all([siteBase(deps), sitemapFiles(deps, opts)]);
  return indexXml(base, files);
}

/** The index document listing `files` (the first is always `static-1`). */
export function indexXml(base: string, files: readonly SitemapFileRef[]): string {
  const entries = files.map(({ name, lastmod }) => {
    const at = loc(base, `/sitemaps/${name}.xml`);
    return lastmod
      ? `<sitemap><loc>${at}</loc><lastmod>${lastmod}</lastmod></sitemap>`
      : `<sitemap><loc>${at}</loc></sitemap>`;
  });
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${XMLNS}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

const FILE_NAME = new RegExp(`^(${SITEMAP_KINDS.join('|')})-([1-9][0-9]{0,8})$`);

/** A child sitemap's kind and number from its name (`tracks-2`); null for a name that is none. */
export function parseSitemapName(name: string): { kind: SitemapKind; page: number } | null {
  const match = FILE_NAME.exec(name);
  return match ? { kind: match[1] as SitemapKind, page: Number(match[2]) } : null;
}

function urlset(entries: string[]): string {
  const body = entries.length ? `${entries.join('\n')}\n` : '';
  return `${XML_DECLARATION}\n<urlset xmlns="${XMLNS}">\n${body}</urlset>\n`;
}

/** The rows of one file, read by their id range, as one JSON text of `[id, label, lastmod]`. */
async function loadFile(
  deps: SitemapDeps,
  source: RowSource,
  range: { from: number; to: number | null },
  perFile: number,
  base: string,
): Promise<string> {
  const where = and(
    source.visible?.(),
    gte(source.id, range.from),
    range.to === null ? undefined : lt(source.id, range.to),
  ) as SQL;
  const result = (await deps.db.execute(sql`
    select coalesce(json_agg(json_build_array(s.id, s.label, s.lastmod) order by s.id), '[]')::text as rows
    from (
      select ${source.id} as id, ${source.label} as label, ${w3c(changedAt(source))} as lastmod
      from ${source.table}
      where ${where}
      order by ${source.id}
      limit ${sql.raw(String(perFile))}
    ) s`)) as unknown as { rows: { rows: string }[] };
  const rows = JSON.parse(result.rows[0]?.rows ?? '[]') as [number, string, string][];
  return urlset(
    rows.map(
      ([id, label, lastmod]) =>
        `<url><loc>${loc(base, source.path(id, label))}</loc><lastmod>${lastmod}</lastmod></url>`,
    ),
  );
}

/** `static-1`: the pages that are not rows, read at each request (a handful, all cached reads). */
export async function buildStaticSitemap(deps: SitemapDeps, role: GuestRole | null): Promise<string> {
  const [base, paths] = await Promise.all([siteBase(deps), staticPaths(deps, role)]);
  return urlset(paths.map((path) => `<url><loc>${loc(base, path)}</loc></url>`));
}

/** File `page` (from 1) of a kind as `plan` cuts it; null past the last. */
export function buildRowFile(
  deps: SitemapDeps,
  kind: RowKind,
  plan: Plan,
  page: number,
  base: string,
  opts: SitemapOptions = {},
): Promise<string> | null {
  const file = plan.files[page - 1];
  if (!file) return null;
  const range = { from: file.firstId, to: plan.files[page]?.firstId ?? null };
  return loadFile(deps, ROW_SOURCES[kind], range, perFileOf(opts), base);
}

/**
 * `GET /sitemaps/{name}.xml`: one child sitemap (`tracks-2`), built from the rows now (what the
 * sitemap job stores, and what is served until it has). A kind the visitor may not open, a file
 * past the last or a name that is none answers NotFoundError.
 */
export async function buildSitemapFile(
  deps: SitemapDeps,
  name: string,
  opts: SitemapOptions = {},
): Promise<string> {
  const file = await guestSitemapFile(deps, name);
  return 'xml' in file ? file.xml : buildRowFileNow(deps, file.kind, file.page, opts);
}

/**
 * Which child sitemap a guest may get by `name`, the one check both the stored and the built
 * answers make: a name that is none, a `static` page past 1 or a kind the guest role may not open
 * is NotFoundError; `static-1` is built at once (it depends on more than the rows); a row file is
 * its kind and page, its range still to be checked against the rows (a page past the last).
 */
export async function guestSitemapFile(
  deps: SitemapDeps,
  name: string,
): Promise<{ xml: string } | { kind: RowKind; page: number }> {
  const parsed = parseSitemapName(name);
  if (!parsed) throw new NotFoundError();
  const { kind, page } = parsed;
  const role = await cachedGuestRole(deps.db, deps.cache);
  if (kind === 'static') {
    if (page !== 1) throw new NotFoundError();
    return { xml: await buildStaticSitemap(deps, role) };
  }
  if (!visibleKinds(role).includes(kind)) throw new NotFoundError();
  return { kind, page };
}

/** File `page` of a kind the guest may open (`guestSitemapFile`), built from the rows now. */
export async function buildRowFileNow(
  deps: SitemapDeps,
  kind: RowKind,
  page: number,
  opts: SitemapOptions = {},
): Promise<string> {
  const perFile = perFileOf(opts);
  const plan = await planOf(deps, kind, perFile);
  if (!plan.files[page - 1]) throw new NotFoundError();
  const base = await siteBase(deps);
  // Keyed by the plan that cut it and gone when the plan goes: a file never outlives its bounds.
  return deps.cache.get(
    `${SITEMAP_CACHE_PREFIX}file:${kind}:${perFile}:${plan.stamp}:${page}:${base}`,
    () => buildRowFile(deps, kind, plan, page, base, opts)!,
    { ttlMs: Math.max(1, plan.expires - Date.now()) },
  );
}
