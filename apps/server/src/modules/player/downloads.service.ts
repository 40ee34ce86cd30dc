import { Readable } from 'node:stream';
import { hasPermission, msg, PERMISSIONS, type PermissionHolder } from '@zema/contracts';
import { ZipArchive } from 'archiver';
import { and, asc, count, eq, gt, inArray, min, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client';
import { audioContentType } from '#src/lib/audio';
import { ForbiddenError, NotFoundError, RateLimitedError } from '#src/lib/errors';
import { downloadableAlbums, downloadableTracks } from '#src/modules/catalogue/index';
import { albumArtist, albums, artists, trackArtist, tracks } from '#src/modules/catalogue/tables';
import { downloads } from '#src/modules/player/tables';
import type { Deps } from '#src/platform/deps';
import type { FileStorage } from '#src/platform/storage';

/**
 * Downloads (decision 0044): a track's audio file, or an album as a zip streamed
 * entry by entry straight from storage. Each download is a row in `downloads`, which is also what
 * the `count_per_day` restriction of `music.download` counts (a rolling 24 hours).
 */

export const DOWNLOAD_MESSAGES = {
  notAllowed: msg('The artist does not allow downloads of this.'),
  noMusicView: msg('This action is unauthorized.'),
  dailyLimit: (n: number) =>
    `You have reached your plan's limit of ${n} download${n === 1 ? '' : 's'} a day. Try again later.`,
} as const;

export const DAILY_LIMIT_RESTRICTION = 'count_per_day';
const DAY_MS = 86_400_000;

/** The caller as the routes know them: their id and effective permissions (roles, plan). */
export type Downloader = PermissionHolder & { id: number };

/** The daily limit is used up; retry after the seconds until the oldest download of the window leaves it. */
export class DownloadLimitError extends RateLimitedError {
  override name = 'DownloadLimitError';
  constructor(limit: number, retryAfterS: number) {
    super(DOWNLOAD_MESSAGES.dailyLimit(limit), { retryAfterS });
  }
}

/** The `count_per_day` restriction of music.download; null = unlimited (or an admin). */
export function dailyDownloadLimit(user: PermissionHolder): number | null {
  if (hasPermission(user, PERMISSIONS.admin)) return null;
  const value = user.permissions
    .find((p) => p.name === PERMISSIONS.musicDownload)
    ?.restrictions.find((r) => r.name === DAILY_LIMIT_RESTRICTION)?.value;
  return value === undefined || value === null ? null : Math.max(0, value);
}

/**
 * Records one download, refusing it (DownloadLimitError) when the user's daily limit is used up.
 * Downloads of one user are counted one at a time (a transaction-scoped advisory lock), so two
 * at once cannot both take the last one.
 */
export async function recordDownload(
  db: Database,
  user: Downloader,
  item: { trackId?: number; albumId?: number },
  now = new Date(),
): Promise<void> {
  const limit = dailyDownloadLimit(user);
  await db.transaction(async (tx) => {
    if (limit !== null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zema:downloads'), ${user.id})`);
      const since = new Date(now.getTime() - DAY_MS);
      const [used] = await tx
        .select({ n: count(), oldest: min(downloads.createdAt) })
        .from(downloads)
        .where(and(eq(downloads.userId, user.id), gt(downloads.createdAt, since)));
      if ((used?.n ?? 0) >= limit) {
        const oldest = used?.oldest ? new Date(used.oldest).getTime() : now.getTime();
        const retryAfterS = Math.max(1, Math.ceil((oldest + DAY_MS - now.getTime()) / 1000));
        throw new DownloadLimitError(limit, retryAfterS);
      }
    }
    await tx.insert(downloads).values({
      userId: user.id,
      trackId: item.trackId ?? null,
      albumId: item.albumId ?? null,
      createdAt: now,
    });
  });
}

/** A file name safe on every system: no path separators, control or reserved characters. */
export function safeFileName(name: string, max = 120): string {
  const cleaned = name
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .replace(/[. ]+$/, '');
  const cut = [...cleaned].slice(0, max).join('').trim();
  return cut || 'download';
}

/** `attachment` with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987), e.g. for Amharic titles. */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The extension of a track's file: its known format, else the storage key's own. */
function extensionOf(format: string | null, key: string): string {
  if (format && /^[a-z0-9]{1,8}$/i.test(format)) return format.toLowerCase();
  const m = /\.([a-z0-9]{1,8})$/i.exec(key);
  return m ? m[1]!.toLowerCase() : 'bin';
}

async function mainArtistNames(db: Database, trackIds: number[]): Promise<Map<number, string>> {
  if (!trackIds.length) return new Map();
  const rows = await db
    .select({ trackId: trackArtist.trackId, name: artists.name })
    .from(trackArtist)
    .innerJoin(artists, eq(artists.id, trackArtist.artistId))
    .where(inArray(trackArtist.trackId, trackIds))
    .orderBy(asc(trackArtist.trackId), asc(trackArtist.position), asc(artists.id));
  const out = new Map<number, string[]>();
  for (const r of rows) out.set(r.trackId, [...(out.get(r.trackId) ?? []), r.name]);
  return new Map([...out].map(([id, names]) => [id, names.join(', ')]));
}

/** The caller may play it (music.view) and has a signed-in download permission (the route's access). */
function assertCanListen(user: Downloader) {
  if (!hasPermission(user, PERMISSIONS.musicView)) throw new ForbiddenError(DOWNLOAD_MESSAGES.noMusicView);
}

export type TrackDownload = {
  stream: Readable;
  size: number;
  contentType: string;
  fileName: string;
};

/**
 * A track's stored audio as an attachment. 404 when there is no such track or file, 403 when its
 * artists do not allow downloads, 429 over the daily limit (counted only once the file exists).
 */
export async function downloadTrack(
  deps: Pick<Deps, 'db' | 'storage'>,
  user: Downloader,
  trackId: number,
): Promise<TrackDownload> {
  assertCanListen(user);
  const [row] = await deps.db
    .select({ id: tracks.id, name: tracks.name, src: tracks.src, format: tracks.format })
    .from(tracks)
    .where(eq(tracks.id, trackId));
  if (!row?.src) throw new NotFoundError();
  if (!(await downloadableTracks(deps.db, [row.id])).has(row.id))
    throw new ForbiddenError(DOWNLOAD_MESSAGES.notAllowed);
  const file = await deps.storage.stat(row.src);
  if (!file) throw new NotFoundError();
  await recordDownload(deps.db, user, { trackId: row.id });
  const opened = await deps.storage.get(row.src);
  if (!opened) throw new NotFoundError();
  const artist = (await mainArtistNames(deps.db, [row.id])).get(row.id);
  const base = safeFileName(artist ? `${artist} - ${row.name}` : row.name);
  return {
    stream: opened.stream,
    size: opened.size,
    contentType: audioContentType(row.format),
    fileName: `${base}.${extensionOf(row.format, row.src)}`,
  };
}

/**
 * A stream that opens its storage file only when first read: archiver queues every entry up
 * front, and an album must not hold twenty open files (or S3 requests) while it sends the first.
 */
class LazyStorageRead extends Readable {
  private source: Readable | null = null;
  private opening = false;

  constructor(
    private readonly storage: FileStorage,
    private readonly key: string,
  ) {
    super();
  }

  override _read() {
    if (this.source) {
      this.source.resume();
      return;
    }
    if (this.opening) return;
    this.opening = true;
    this.storage.get(this.key).then(
      (opened) => {
        if (this.destroyed) {
          opened?.stream.destroy();
          return;
        }
        if (!opened) {
          this.destroy(new Error(`missing stored file ${this.key}`));
          return;
        }
        const source = opened.stream;
        this.source = source;
        source.on('data', (chunk: Buffer) => {
          if (!this.push(chunk)) source.pause();
        });
        source.once('end', () => this.push(null));
        source.once('error', (err) => this.destroy(err));
      },
      (err: unknown) => this.destroy(err as Error),
    );
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    this.source?.destroy();
    done(err);
  }
}

export type AlbumDownload = { stream: Readable; fileName: string };

/**
 * An album as a zip, streamed: entries are stored (audio is compressed already), read one after
 * the other as the client takes the bytes, so memory stays flat whatever the album's size. The
 * entries are "NN - Title.ext" for each downloadable track with audio, and the cover if any.
 */
export async function downloadAlbum(
  deps: Pick<Deps, 'db' | 'storage' | 'log'>,
  user: Downloader,
  albumId: number,
): Promise<AlbumDownload> {
  assertCanListen(user);
  const [album] = await deps.db
    .select({ id: albums.id, name: albums.name, image: albums.image })
    .from(albums)
    .where(eq(albums.id, albumId));
  if (!album) throw new NotFoundError();
  if (!(await downloadableAlbums(deps.db, [album.id])).has(album.id))
    throw new ForbiddenError(DOWNLOAD_MESSAGES.notAllowed);
  const rows = await deps.db
    .select({
      id: tracks.id,
      name: tracks.name,
      number: tracks.number,
      src: tracks.src,
      format: tracks.format,
    })
    .from(tracks)
    .where(eq(tracks.albumId, album.id))
    .orderBy(sql`${tracks.number} asc nulls last`, asc(tracks.id));
  const allowed = await downloadableTracks(
    deps.db,
    rows.map((r) => r.id),
  );
  const entries = rows.filter((r) => r.src && allowed.has(r.id));
  const [credit] = await deps.db
    .select({ name: artists.name })
    .from(albumArtist)
    .innerJoin(artists, eq(artists.id, albumArtist.artistId))
    .where(eq(albumArtist.albumId, album.id))
    .orderBy(asc(albumArtist.position), asc(artists.id))
    .limit(1);
  await recordDownload(deps.db, user, { albumId: album.id });

  const archive = new ZipArchive({ store: true });
  const digits = Math.max(2, String(entries.length).length);
  const used = new Set<string>();
  const unique = (name: string) => {
    let candidate = name;
    for (let i = 2; used.has(candidate.toLowerCase()); i++)
      candidate = name.replace(/(\.[^.]+)$/, ` (${i})$1`);
    used.add(candidate.toLowerCase());
    return candidate;
  };
  const items = entries.map((t, i) => {
    const n = String(t.number ?? i + 1).padStart(digits, '0');
    return { key: t.src!, name: unique(`${n} - ${safeFileName(t.name)}.${extensionOf(t.format, t.src!)}`) };
  });
  const coverKey = deps.storage.keyFromUrl(album.image);
  if (coverKey) {
    const ext = /\.([a-z0-9]{1,5})$/i.exec(coverKey)?.[1]?.toLowerCase() ?? 'jpg';
    items.push({ key: coverKey, name: unique(`cover.${ext}`) });
  }

  // archiver pipes every appended stream at once (into a PassThrough of its own), which would open
  // every file of the album up front: each entry is appended when the one before it is written,
  // so one file is open at a time and the reading follows the client's pace.
  let current: LazyStorageRead | null = null;
  let next = 0;
  const appendNext = () => {
    const item = items[next++];
    if (!item) {
      current = null;
      archive.finalize().catch(() => {
        // Reported by the 'error' listener below.
      });
      return;
    }
    current = new LazyStorageRead(deps.storage, item.key);
    archive.append(current, { name: item.name, store: true });
  };
  archive.on('entry', appendNext);
  archive.on('warning', (err) => deps.log.warn({ err, albumId }, 'album zip warning'));
  archive.on('error', (err) => {
    // Headers are sent by now: the client sees a cut-off download, the log says why.
    deps.log.error({ err, albumId }, 'album zip failed');
    archive.destroy(err);
  });
  // The client went away (Fastify destroys the answer's stream): close the file being read.
  archive.once('close', () => current?.destroy());
  appendNext();
  const base = safeFileName(credit ? `${credit.name} - ${album.name}` : album.name);
  return { stream: archive, fileName: `${base}.zip` };
}
