import { describe, expect, it } from 'vitest';
import { listApiQuery, listExportUrl, parseListParams } from './list-params';

describe('list params in the URL', () => {
  it('reads page, size, sort, order, search and the known filters', () => {
    const p = parseListParams(
      new URLSearchParams('page=3&perPage=50&sort=email&order=desc&query=abe&role=2&evil=1'),
      ['role'],
    );
    expect(p).toEqual({
      page: 3,
      perPage: 50,
      sort: 'email',
      order: 'desc',
      query: 'abe',
      filters: { role: '2' },
    });
  });

  it('falls back on defaults for nonsense and sends the server only what is set', () => {
    const p = parseListParams(new URLSearchParams('page=-2&perPage=x&order=sideways'), []);
    expect(p).toMatchObject({ page: 1, perPage: 15, order: undefined });
    expect(listApiQuery(p)).toEqual({});
    expect(listApiQuery({ ...p, page: 2, query: '  a b ', filters: { verified: 'true' } })).toEqual({
      page: '2',
      query: 'a b',
      verified: 'true',
    });
  });
});

describe('the CSV export link', () => {
  it('carries the search, sort and filters of the list, not its page window', () => {
    const query = listApiQuery(
      parseListParams(new URLSearchParams('page=3&perPage=50&sort=name&order=desc&query=a b&artist=7'), [
        'artist',
      ]),
    );
    expect(listExportUrl('/api/v1/admin/tracks/export', query)).toBe(
      '/api/v1/admin/tracks/export?artist=7&sort=name&order=desc&query=a+b',
    );
    expect(listExportUrl('/api/v1/admin/roles/export', {})).toBe('/api/v1/admin/roles/export');
  });
});
