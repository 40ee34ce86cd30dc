import { randomBytes } from 'node:crypto';
import { text } from 'node:stream/consumers';
import { NotFoundError } from '#src/lib/errors';
import { cachedGuestRole } from '#src/modules/users/index';
import type { Deps } from '#src/platform/deps';
import { PRIVATE_UPLOADS_PREFIX } from '#src/platform/storage';
import {
  buildRowFile,
  buildRowFileNow,
  buildSitemapIndex,
  freshPlan,
  guestSitemapFile,
  indexXml,
  type Plan,
  ROW_KINDS,
  type RowKind,
  SITEMAP_CACHE_PREFIX,
  SITEMAP_URLS_PER_FILE,
  type SitemapDeps,
  siteBase,
  visibleKinds,
} from './sitemap.service';

/**
 * The sitemap as the job writes it (issue 35): a job of the `sitemap` queue builds every file of
 * every kind of rows and puts them in the file storage, which all instances share (DATA_DIR/storage
 * or the bucket), beside a manifest naming them; the routes serve what the manifest names. The job
 * is sent when the catalogue or a playlist changes (one pending job at a time, a few seconds after
 * the first change, so a burst of writes makes one), by a periodic task every hour (what changes
 * without an event: custom pages), and by a request that finds nothing stored yet, which is then
 * answered by building the document as before (`sitemap.service.ts`), byte for byte the same.
 *
 * What depends on more than the rows is decided at each request, as before: which kinds the guest
 * role may open (a kind it may not is left out of the index and answers 404), and `static-1` (the
 * landing page, pricing while billing is on, the radio's stations). A manifest written for another
 * site address is not served: the request builds the answer and sends the job.
 *
 * The files lie under `private/`, so the storage route never serves them (their one address is
 * the sitemap's). Each run writes a new folder, then the manifest, then removes the folder the
 * previous manifest named: a reader never meets a manifest whose files are half written.
 */

export const SITEMAP_QUEUE = 'sitemap';

/** Waiting this long after a change lets the writes of one action (an album and its tracks) in. */
export const SITEMAP_COALESCE_MS = 15_000;

/** Runs of one job at most: a run starts again when the rows changed while it wrote the files. */
const MAX_ROUNDS = 3;

const FOLDER = `${PRIVATE_UPLOADS_PREFIX}sitemaps`;
/** Where the manifest of the last run lies in the file storage. */
export const SITEMAP_MANIFEST_KEY = `${FOLDER}/current.json`;
const MANIFEST_CACHE_KEY = `${SITEMAP_CACHE_PREFIX}stored:manifest`;
const XML = 'application/xml; charset=utf-8';

export type SitemapStoreDeps = SitemapDeps & Pick<Deps, 'storage' | 'jobs' | 'log' | 'tuning'>;

/** What the last run wrote: its folder, the address its `<loc>`s start with, each kind's files. */
export type SitemapManifest = {
  version: 1;
  id: string;
  base: string;
  perFile: number;
  generatedAt: string;
  /** Per kind, in order, each file's newest change (the index's `<lastmod>`). */
  kinds: Record<RowKind, { lastmod: string | null }[]>;
};

/** Where a run (`id`) put one file (`tracks-2`). */
export const sitemapFileKey = (id: string, name: string) => `${FOLDER}/${id}/${name}.xml`;

async function readText(deps: Pick<Deps, 'storage'>, key: string): Promise<string | null> {
  const file = await deps.storage.get(key);
  return file ? text(file.stream) : null;
}

function parseManifest(raw: string | null): SitemapManifest | null {
  if (!raw) return null;
  try {
    const m = JSON.parse(raw) as SitemapManifest;
    const whole =
      m?.version === 1 &&
      typeof m.id === 'string' &&
      typeof m.base === 'string' &&
      ROW_KINDS.every((kind) => Array.isArray(m.kinds?.[kind]));
    return whole ? m : null;
  } catch {
    return null;
  }
}

/** The manifest the last run wrote, or null (none yet, or unreadable). */
export async function readSitemapManifest(deps: Pick<Deps, 'storage'>): Promise<SitemapManifest | null> {
  return parseManifest(await readText(deps, SITEMAP_MANIFEST_KEY));
}

/** The stored manifest, kept in memory until the next run says otherwise (over pub/sub). */
function storedManifest(deps: SitemapStoreDeps): Promise<SitemapManifest | null> {
  return deps.cache.get(MANIFEST_CACHE_KEY, () => readSitemapManifest(deps), {
    keepIf: (m) => m !== null,
  });
}

/**
 * Asks for a new sitemap: one job at a time (a request while one waits or runs adds nothing),
 * `delayMs` after the first request. Never throws: the stored sitemap stays until the next one.
 */
export async function requestSitemap(deps: Pick<Deps, 'jobs' | 'log'>, delayMs = 0): Promise<void> {
  try {
    await deps.jobs.send(SITEMAP_QUEUE, {}, { key: SITEMAP_QUEUE, ...(delayMs > 0 ? { delayMs } : {}) });
  } catch (err) {
    deps.log.warn({ err }, 'could not ask for a new sitemap');
  }
}

/** After a write to the rows the sitemap lists. */
export const sitemapChanged = (deps: SitemapStoreDeps) =>
  requestSitemap(deps, deps.tuning.sitemapCoalesceMs ?? SITEMAP_COALESCE_MS);

async function plansNow(deps: SitemapDeps, perFile: number) {
  const plans = {} as Record<RowKind, Plan>;
  for (const kind of ROW_KINDS) plans[kind] = await freshPlan(deps, kind, { perFile });
  const fingerprint = ROW_KINDS.map((kind) => plans[kind].fingerprint).join('|');
  return { plans, fingerprint };
}

/**
 * The sitemap job: builds every file of every kind of rows, stores them and the manifest, and
 * removes the previous run's files. Rows written while it ran (their job was coalesced with this
 * one) make it run again, up to MAX_ROUNDS; past that, the next change or period catches up.
 */
export async function generateSitemap(
  deps: SitemapStoreDeps,
  opts: { perFile?: number } = {},
): Promise<SitemapManifest> {
  const perFile = opts.perFile ?? SITEMAP_URLS_PER_FILE;
  let { plans, fingerprint } = await plansNow(deps, perFile);
  for (let round = 1; ; round++) {
    const base = await siteBase(deps);
    const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
    const kinds = {} as SitemapManifest['kinds'];
    for (const kind of ROW_KINDS) {
      const plan = plans[kind];
      for (let page = 1; page <= plan.files.length; page++) {
        const xml = await buildRowFile(deps, kind, plan, page, base, { perFile })!;
        await deps.storage.put(sitemapFileKey(id, `${kind}-${page}`), Buffer.from(xml), XML);
      }
      kinds[kind] = plan.files.map((f) => ({ lastmod: f.lastmod }));
    }
    const manifest: SitemapManifest = {
      version: 1,
      id,
      base,
      perFile,
      generatedAt: new Date().toISOString(),
      kinds,
    };
    const previous = await readSitemapManifest(deps).catch(() => null);
    await deps.storage.put(SITEMAP_MANIFEST_KEY, Buffer.from(JSON.stringify(manifest)), 'application/json');
    await deps.cache.invalidate(MANIFEST_CACHE_KEY);
    if (previous && previous.id !== id) await removeFiles(deps, previous);
    const now = await plansNow(deps, perFile);
    if (now.fingerprint === fingerprint || round >= MAX_ROUNDS) return manifest;
    ({ plans, fingerprint } = now);
  }
}

async function removeFiles(deps: SitemapStoreDeps, manifest: SitemapManifest) {
  for (const kind of ROW_KINDS) {
    for (let page = 1; page <= manifest.kinds[kind].length; page++) {
      await deps.storage
        .delete(sitemapFileKey(manifest.id, `${kind}-${page}`))
        .catch((err: unknown) => deps.log.warn({ err }, 'could not remove an old sitemap file'));
    }
  }
}

/** A stored document the storage could not hand over (a bucket out of reach): built instead. */
const unread = (deps: SitemapStoreDeps) => (err: unknown) => {
  deps.log.warn({ err }, 'could not read the stored sitemap, building it');
  return null;
};

/**
 * The stored manifest when it can answer for this site's address now; otherwise null, and a new
 * sitemap is asked for (the caller builds the answer meanwhile).
 */
async function usableManifest(deps: SitemapStoreDeps): Promise<SitemapManifest | null> {
  const [manifest, base] = await Promise.all([storedManifest(deps).catch(unread(deps)), siteBase(deps)]);
  if (manifest && manifest.base === base && manifest.perFile === SITEMAP_URLS_PER_FILE) return manifest;
  await requestSitemap(deps);
  return null;
}

/** `GET /sitemap.xml`: the stored index's files the guest role may open, else built now. */
export async function serveSitemapIndex(deps: SitemapStoreDeps): Promise<string> {
  const manifest = await usableManifest(deps);
  if (!manifest) return buildSitemapIndex(deps);
  const role = await cachedGuestRole(deps.db, deps.cache);
  const files = [
    { name: 'static-1', lastmod: null },
    ...visibleKinds(role).flatMap((kind) =>
      manifest.kinds[kind].map((f, i) => ({ name: `${kind}-${i + 1}`, lastmod: f.lastmod })),
    ),
  ];
  return indexXml(manifest.base, files);
}

/** `GET /sitemaps/{name}.xml`: the stored file, else built now; NotFoundError as before. */
export async function serveSitemapFile(deps: SitemapStoreDeps, name: string): Promise<string> {
  const file = await guestSitemapFile(deps, name);
  if ('xml' in file) return file.xml;
  const { kind, page } = file;
  const manifest = await usableManifest(deps);
  if (!manifest) return buildRowFileNow(deps, kind, page);
  if (page > manifest.kinds[kind].length) throw new NotFoundError();
  // Read from the storage at each request (a local file, or one GET from the bucket): crawlers
  // ask rarely, and memory is not spent on documents of 10 000 addresses.
  const stored = await readText(deps, sitemapFileKey(manifest.id, name)).catch(unread(deps));
  // Gone between the manifest and the file (a newer run removed it), or unreadable: built now.
  return stored ?? buildRowFileNow(deps, kind, page);
}
