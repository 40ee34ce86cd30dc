import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths, routePatterns, searchResultPath } from './paths';

describe('paths', () => {
  it('spells the SPEC §2 addresses, with a readable slug after the id', () => {
    expect(paths.artist({ id: 7, name: 'Teddy Afro' })).toBe('/pastor/7/teddy-afro');
    expect(paths.user({ id: 3, display_name: 'Abebe B.' })).toBe('/user/3/abebe-b');
    expect(paths.album({ id: 2, name: '!!!' })).toBe('/album/2/item');
    expect(paths.genre({ name: 'Hip Hop/Rap' })).toBe('/genre/Hip%20Hop%2FRap');
  });

  it('builds search addresses without a tab segment for "all" and without an empty query', () => {
    expect(paths.search()).toBe('/search');
    expect(paths.search('  ')).toBe('/search');
    expect(paths.search('a b', 'all')).toBe('/search/a%20b');
    expect(paths.search('a/b', 'albums')).toBe('/search/a%2Fb/albums');
  });

  it('keeps the redirect, email and panel it is given', () => {
    expect(paths.login('/library?x=1')).toBe('/login?redirect=%2Flibrary%3Fx%3D1');
    expect(paths.forgotPassword('a+b@c.d')).toBe('/forgot-password?email=a%2Bb%40c.d');
    expect(paths.accountSettings('developers')).toBe('/account-settings#developers');
    expect(paths.checkout({ productId: 'p 1', priceId: 2 })).toBe('/checkout/p%201/2');
  });

  it('links every search result to its page', () => {
    expect(searchResultPath('artist', { id: 1, name: 'X' })).toBe('/pastor/1/x');
    expect(searchResultPath('user', { id: 2, display_name: 'Y Z' })).toBe('/user/2/y-z');
    expect(searchResultPath('track', { id: 3, name: 'T' })).toBe('/track/3/t');
  });

  it('builds addresses the route table matches', () => {
    const cases: [string, string, Record<string, string>][] = [
      [routePatterns.artist, paths.artist({ id: 7, name: 'A b' }), { artistId: '7', slug: 'a-b' }],
      [routePatterns.album, paths.album({ id: 2, name: 'X' }), { albumId: '2', slug: 'x' }],
      [routePatterns.track, paths.track({ id: 4, name: 'X' }), { trackId: '4', slug: 'x' }],
      [routePatterns.playlist, paths.playlist({ id: 5, name: 'X' }), { playlistId: '5', slug: 'x' }],
      [routePatterns.user, paths.user({ id: 6, display_name: 'X' }), { id: '6', slug: 'x' }],
      [routePatterns.genre, paths.genre({ name: 'Soul & Funk' }), { name: 'Soul & Funk' }],
      [routePatterns.channel, paths.channel({ slug: 'discover' }), { slug: 'discover' }],
      [routePatterns.searchTab, paths.search('q', 'users'), { query: 'q', tab: 'users' }],
    ];
    for (const [pattern, path, params] of cases) {
      // As the router matches a location: the path decoded, then matched.
      const match = matchRoutes([{ path: pattern }], path)?.[0];
      expect(match?.params, `${path} against ${pattern}`).toEqual(params);
    }
  });
});

describe('admin addresses', () => {
  it('are all built by paths: no page spells one', () => {
    const src = join(import.meta.dirname, '..');
    const spelled = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== join('lib', 'paths.ts'))
      .filter((f) => /['"`]\/admin\b/.test(readFileSync(join(src, f), 'utf8')));
    expect(spelled).toEqual([]);
  });

  it('spell a record, a new record and a filtered list', () => {
    expect(paths.adminTrack({ id: 4 })).toBe('/admin/tracks/4');
    expect(paths.adminTrack('new', { album: 9 })).toBe('/admin/tracks/new?album=9');
    expect(paths.adminBillingPlan('new')).toBe('/admin/billing/plans/new');
    expect(paths.adminGenres('Hip Hop/Rap')).toBe('/admin/genres?query=Hip%20Hop%2FRap');
  });
});
