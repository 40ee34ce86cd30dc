// Both drivers: every XML answer of the Subsonic API (issue 34), each method's and each
// refusal's, read from a catalogue on the database and checked against the Subsonic 1.16.1 schema
// with the OpenSubsonic additions (schema/, written from the public API documentation).

import { readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  createAlbum,
  createArtist,
  createTrack,
  saveCatalogueImage,
  setTrackAudioFromFile,
} from '#src/modules/catalogue/index';
import { makeWav } from '#test/catalogue';
import { createUser, uniqueSuffix, useApp } from '#test/helpers';
import { createAppPassword } from './app-passwords.service';

const SCHEMA_FILE = join(import.meta.dirname, 'schema/subsonic-rest-api-1.16.1.xsd');
const DEMO_AUDIO = join(import.meta.dirname, '../../../assets/demo/audio');
/** Methods that answer bytes (audio, images), not a `subsonic-response`. */
const BINARY = new Set(['stream', 'download', 'getCoverArt', 'getAvatar']);

const t = useApp();

let base = '';
let schema = '';
let auth: Record<string, string> = {};
let ids: { artist: string; album: string; tracks: string[]; playlist: string; spare: string };
let implemented = new Set<string>();
let artistName = '';
let genreName = '';

type Case = {
  /** The method called (the case's name adds what differs, e.g. `getMusicDirectory (album)`). */
  method: string;
  name?: string;
  params?: () => Record<string, string | string[]>;
  /** ok (the default), or the error code the answer must carry. */
  expect?: 'ok' | { code: number };
  /** Text the answer must contain, so a list checked is not an empty one (null: nothing). */
  contains?: () => string | null;
  /** Other credentials than the signed-in user's app password. */
  auth?: () => Record<string, string>;
};

/**
 * One call of every method, in an order that makes each list non-empty (stars, a scrobble and a
 * play queue before the lists that show them; a playlist made before it is read, another deleted).
 * The methods of `setRating`, `getLyricsBySongId`, `getPlayQueue` and `savePlayQueue` are called
 * only once the server has them.
 */
const CASES: Case[] = [
  // System
  { method: 'ping' },
  { method: 'getLicense', contains: () => 'valid="true"' },
  { method: 'getOpenSubsonicExtensions', contains: () => '<openSubsonicExtensions name="formPost"' },
  // OpenSubsonic: answered before an app signs in, so it learns how it may.
  {
    method: 'getOpenSubsonicExtensions',
    name: 'getOpenSubsonicExtensions (no credentials)',
    auth: () => ({}),
    contains: () => '<openSubsonicExtensions name="apiKeyAuthentication"',
  },
  // Annotation first, so the lists below have something in them.
  { method: 'star', params: () => ({ id: ids.tracks[0]!, albumId: ids.album, artistId: ids.artist }) },
  { method: 'star', name: 'star (a second song, unstarred next)', params: () => ({ id: ids.tracks[1]! }) },
  { method: 'unstar', params: () => ({ id: ids.tracks[1]! }) },
  { method: 'scrobble', params: () => ({ id: ids.tracks[0]!, submission: 'true' }) },
  {
    method: 'scrobble',
    name: 'scrobble (now playing)',
    params: () => ({ id: ids.tracks[1]!, submission: 'false' }),
  },
  { method: 'setRating', params: () => ({ id: ids.tracks[0]!, rating: '4' }) },
  { method: 'setRating', name: 'setRating (album)', params: () => ({ id: ids.album, rating: '5' }) },
  { method: 'setRating', name: 'setRating (artist)', params: () => ({ id: ids.artist, rating: '3' }) },
  {
    method: 'savePlayQueue',
    params: () => ({ id: [ids.tracks[0]!, ids.tracks[1]!], current: ids.tracks[1]!, position: '12000' }),
  },
  // Browsing
  { method: 'getMusicFolders', contains: () => '<musicFolder ' },
  { method: 'getIndexes', contains: () => `<artist id="${ids.artist}"` },
  { method: 'getArtists', contains: () => `<artist id="${ids.artist}"` },
  {
    method: 'getArtist',
    params: () => ({ id: ids.artist }),
    contains: () => (implemented.has('setRating') ? 'userRating="3"' : `<album id="${ids.album}"`),
  },
  { method: 'getAlbum', params: () => ({ id: ids.album }), contains: () => `<song id="${ids.tracks[0]}"` },
  {
    method: 'getSong',
    params: () => ({ id: ids.tracks[0]! }),
    contains: () => (implemented.has('setRating') ? 'userRating="4"' : 'starred="'),
  },
  // A WAV: what it streams as by default, when the server transcodes lossless files.
  { method: 'getSong', name: 'getSong (lossless)', params: () => ({ id: ids.tracks[2]! }) },
  {
    method: 'getMusicDirectory',
    name: 'getMusicDirectory (artist)',
    params: () => ({ id: ids.artist }),
    contains: () => `<child id="${ids.album}"`,
  },
  {
    method: 'getMusicDirectory',
    name: 'getMusicDirectory (album)',
    params: () => ({ id: ids.album }),
    contains: () => `<child id="${ids.tracks[0]}"`,
  },
  { method: 'getGenres', contains: () => `>${genreName}</genre>` },
  { method: 'getArtistInfo2', params: () => ({ id: ids.artist }), contains: () => '<biography>' },
  { method: 'getAlbumInfo2', params: () => ({ id: ids.album }), contains: () => '<notes>' },
  { method: 'getSimilarSongs2', params: () => ({ id: ids.artist }), contains: () => '<song ' },
  { method: 'getTopSongs', params: () => ({ artist: artistName }), contains: () => '<song ' },
  // Lists
  { method: 'getAlbumList2', params: () => ({ type: 'newest' }), contains: () => '<album ' },
  {
    method: 'getAlbumList2',
    name: 'getAlbumList2 (recent)',
    params: () => ({ type: 'recent' }),
    contains: () => `<album id="${ids.album}"`,
  },
  {
    method: 'getAlbumList2',
    name: 'getAlbumList2 (starred)',
    params: () => ({ type: 'starred' }),
    contains: () => `<album id="${ids.album}"`,
  },
  { method: 'getRandomSongs', params: () => ({ size: '5' }), contains: () => '<song ' },
  { method: 'getSongsByGenre', params: () => ({ genre: genreName }), contains: () => '<song ' },
  { method: 'getNowPlaying' },
  { method: 'getStarred2', contains: () => `<song id="${ids.tracks[0]}"` },
  // Searching
  { method: 'search3', params: () => ({ query: artistName }), contains: () => `<artist id="${ids.artist}"` },
  {
    method: 'search3',
    name: 'search3 (everything)',
    params: () => ({ query: '' }),
    contains: () => '<song ',
  },
  // Playlists
  {
    method: 'createPlaylist',
    params: () => ({ name: 'Spare', songId: [ids.tracks[1]!] }),
    contains: () => '<entry ',
  },
  {
    method: 'updatePlaylist',
    params: () => ({ playlistId: ids.playlist, comment: 'For the road', songIdToAdd: [ids.tracks[1]!] }),
  },
  { method: 'getPlaylists', contains: () => `<playlist id="${ids.playlist}"` },
  { method: 'getPlaylist', params: () => ({ id: ids.playlist }), contains: () => '<entry ' },
  { method: 'deletePlaylist', params: () => ({ id: ids.spare }) },
  // Media retrieval, the play queue
  { method: 'getLyricsBySongId', params: () => ({ id: ids.tracks[0]! }) },
  { method: 'getPlayQueue', contains: () => `<entry id="${ids.tracks[0]}"` },
  // User, radio
  { method: 'getUser', params: () => ({ username: auth.u! }), contains: () => '<folder>1</folder>' },
  { method: 'getInternetRadioStations', contains: () => '<internetRadioStation ' },
];

/** Each kind of refusal, as XML. */
const ERRORS: Case[] = [
  { method: 'getAlbum', name: 'missing parameter (10)', expect: { code: 10 } },
  {
    method: 'ping',
    name: 'wrong credentials (40)',
    auth: () => ({ u: auth.u!, p: 'not-the-password' }),
    expect: { code: 40 },
  },
  {
    method: 'getAlbum',
    name: 'not found (70)',
    params: () => ({ id: 'al-999999999' }),
    expect: { code: 70 },
  },
  { method: 'noSuchMethod', name: 'unknown method (0)', expect: { code: 0 } },
  {
    method: 'download',
    name: 'not authorised (50)',
    params: () => ({ id: ids.tracks[0]! }),
    expect: { code: 50 },
  },
  {
    method: 'getAlbumList2',
    name: 'invalid value (0)',
    params: () => ({ type: 'nope' }),
    expect: { code: 0 },
  },
];

/** Every method the server has: the keys of the method tables that the methods*.ts files export. */
async function implementedMethods(): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of (await readdir(import.meta.dirname)).filter((f) => /^methods[\w-]*\.ts$/.test(f))) {
    const exported: Record<string, unknown> = await import(
      /* @vite-ignore */ join(import.meta.dirname, file)
    );
    for (const value of Object.values(exported)) {
      const entries = value && typeof value === 'object' ? Object.entries(value) : [];
      if (entries.length && entries.every(([, v]) => typeof v === 'function'))
        for (const [name] of entries) names.add(name);
    }
  }
  return names;
}

type Answer = { name: string; xml: string; problems: string[] };

async function call(c: Case): Promise<Answer> {
  const name = c.name ?? c.method;
  const query = new URLSearchParams({ v: '1.16.1', c: 'xsd-test', ...(c.auth?.() ?? auth) });
  for (const [key, value] of Object.entries(c.params?.() ?? {}))
    for (const v of Array.isArray(value) ? value : [value]) query.append(key, v);
  const res = await fetch(`${base}/rest/${c.method}?${query}`);
  const xml = await res.text();
  const problems: string[] = [];
  if (res.status !== 200) problems.push(`HTTP ${res.status}`);
  if (!res.headers.get('content-type')?.startsWith('text/xml'))
    problems.push(`content-type ${res.headers.get('content-type')}`);
  const expected = c.expect ?? 'ok';
  if (expected === 'ok') {
    if (!xml.includes(' status="ok"')) problems.push(`not ok: ${xml.slice(0, 400)}`);
  } else if (!xml.includes(' status="failed"') || !xml.includes(`<error code="${expected.code}"`)) {
    problems.push(`expected error ${expected.code}: ${xml.slice(0, 400)}`);
  }
  const text = c.contains?.();
  if (text && !xml.includes(text)) problems.push(`should contain ${text}: ${xml.slice(0, 600)}`);
  return { name, xml, problems };
}

/** xmllint's schema errors for each document, by name (none: valid). */
async function validate(docs: { name: string; xml: string }[]): Promise<Map<string, string[]>> {
  const files = docs.map((d, i) => ({ fileName: `answer-${i}.xml`, contents: d.xml }));
  const result = await validateXML({ xml: files, schema: [{ fileName: 'subsonic.xsd', contents: schema }] });
  const errors = new Map<string, string[]>(docs.map((d) => [d.name, []]));
  for (const error of result.errors) {
    const index = Number(/answer-(\d+)\.xml/.exec(error.loc?.fileName ?? error.rawMessage)?.[1] ?? -1);
    const doc = docs[index];
    // xmllint's closing line for each invalid file says nothing more.
    if (/fails to validate$/.test(error.message)) continue;
    if (doc) errors.get(doc.name)!.push(error.message);
    // An error in the schema itself, or one xmllint could not place.
    else errors.set('(schema)', [...(errors.get('(schema)') ?? []), error.rawMessage]);
  }
  if (!result.valid && [...errors.values()].every((e) => !e.length))
    errors.set('(xmllint)', [result.rawOutput.slice(0, 2000)]);
  return errors;
}

/** A readable list of what failed: the case, then each of its problems. */
const report = (failures: Map<string, string[]>) =>
  [...failures]
    .filter(([, problems]) => problems.length)
    .map(([name, problems]) => `${name}:\n  ${problems.join('\n  ')}`)
    .join('\n');

beforeAll(async () => {
  schema = await readFile(SCHEMA_FILE, 'utf8');
  implemented = await implementedMethods();
  const user = await createUser(t.db, {});
  auth = { u: user.email, p: (await createAppPassword(t.deps, user.id, 'XSD')).password };
  const name = `Xsd${uniqueSuffix().replace(/\W/g, '')}`;
  artistName = `${name} Artist`;
  genreName = `${name} genre`;
  // Pictures, so artists and albums carry their coverArt.
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#a03' } })
    .png()
    .toBuffer();
  const artistId = await createArtist(t.deps, {
    name: artistName,
    image_small: await saveCatalogueImage(t.deps, png),
    bio: 'Sings of <rivers> & "roads".',
    genres: [genreName],
  });
  const albumId = await createAlbum(t.deps, {
    name: `${name} Album`,
    artist_ids: [artistId],
    release_date: '2021-05-01',
    description: 'Recorded live in Addis Ababa.',
    image: await saveCatalogueImage(t.deps, png),
  });
  const trackIds: number[] = [];
  const audio = [
    await readFile(join(DEMO_AUDIO, 'bole-nights-01.mp3')),
    await readFile(join(DEMO_AUDIO, 'bole-nights-02.mp3')),
    makeWav(2),
  ];
  for (const [i, bytes] of audio.entries()) {
    const id = await createTrack(t.deps, {
      name: `${name} Track ${i + 1}`,
      album_id: albumId,
      number: i + 1,
      duration_ms: 60_000,
      artist_ids: [artistId],
      genres: [genreName],
    });
    await setTrackAudioFromFile(t.deps, id, bytes);
    trackIds.push(id);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ids = {
    artist: `ar-${artistId}`,
    album: `al-${albumId}`,
    tracks: trackIds.map((id) => `tr-${id}`),
    playlist: '',
    spare: '',
  };
  // The playlist the cases read (the one the createPlaylist case makes is deleted by deletePlaylist).
  const made = await call({
    method: 'createPlaylist',
    params: () => ({ name: 'Road trip', songId: ids.tracks[0]! }),
  });
  ids.playlist = /<playlist id="([^"]+)"/.exec(made.xml)?.[1] ?? '';
  expect(ids.playlist, made.xml).not.toBe('');
});

describe('the XML answers of /rest against the Subsonic 1.16.1 schema', () => {
  it('has a case for every method that answers XML', () => {
    const names = [...implemented];
    expect(names).toEqual(expect.arrayContaining(['ping', 'getAlbum', 'getPlaylist', 'stream']));
    const covered = new Set(CASES.map((c) => c.method));
    expect(names.filter((m) => !BINARY.has(m) && !covered.has(m))).toEqual([]);
  });

  it('every method answers valid XML, with what was asked', async () => {
    const answers: Answer[] = [];
    for (const c of CASES.filter((c) => implemented.has(c.method))) {
      const answer = await call(c);
      answers.push(answer);
      // createPlaylist's playlist is the one deletePlaylist deletes.
      if (c.method === 'createPlaylist') ids.spare = /<playlist id="([^"]+)"/.exec(answer.xml)?.[1] ?? '';
    }
    const invalid = await validate(answers);
    const failures = new Map(answers.map((a) => [a.name, [...a.problems, ...(invalid.get(a.name) ?? [])]]));
    for (const key of ['(schema)', '(xmllint)']) if (invalid.has(key)) failures.set(key, invalid.get(key)!);
    expect(report(failures), 'answers that do not match the schema').toBe('');
  });

  it('each error answer is valid XML with its code', async () => {
    const answers: Answer[] = [];
    for (const c of ERRORS) answers.push(await call(c));
    const invalid = await validate(answers);
    const failures = new Map(answers.map((a) => [a.name, [...a.problems, ...(invalid.get(a.name) ?? [])]]));
    expect(report(failures), 'errors that do not match the schema').toBe('');
  });

  it('rejects an answer that breaks the schema (the check can fail)', async () => {
    const { xml } = await call({ method: 'getAlbum', params: () => ({ id: ids.album }) });
    const broken = [
      { name: 'required attribute removed', xml: xml.replace(/ songCount="\d+"/, '') },
      { name: 'misspelled element', xml: xml.replace(/<song /, '<songs ') },
      { name: 'not a boolean', xml: xml.replace(/isDir="false"/, 'isDir="no"') },
      { name: 'not a date', xml: xml.replace(/ created="[^"]+"/, ' created="yesterday"') },
      { name: 'unknown attribute', xml: xml.replace(/<album /, '<album colour="red" ') },
      { name: 'no status', xml: xml.replace(/ status="ok"/, '') },
    ];
    for (const b of broken) expect(b.xml, b.name).not.toBe(xml);
    const errors = await validate([{ name: 'as sent', xml }, ...broken]);
    expect(errors.get('as sent')).toEqual([]);
    for (const b of broken) expect(errors.get(b.name)!.length, b.name).toBeGreaterThan(0);
    expect(errors.get('required attribute removed')!.join()).toMatch(/songCount/);
    expect(errors.get('misspelled element')!.join()).toMatch(/songs/);
    expect(errors.get('unknown attribute')!.join()).toMatch(/colour/);
  });

  it('replaces characters XML cannot carry, so a name holding a control character stays readable', async () => {
    const artist = await createArtist(t.deps, { name: `Bell\u0007 \u0001Ring ${uniqueSuffix()}` });
    const answer = await call({ method: 'getArtist', params: () => ({ id: `ar-${artist}` }) });
    expect(answer.problems).toEqual([]);
    expect(answer.xml).toContain('Bell\uFFFD \uFFFDRing');
    expect((await validate([answer])).get(answer.name)).toEqual([]);
  });
});
