import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Genre } from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { api } from '#src/lib/api-client';

/** GET genres/{name}. */
export async function fetchGenre(name: string, signal?: AbortSignal): Promise<Genre> {
  return (await api.call(catalogue.genre, { params: { name }, signal })).genre;
}

export const genreQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['catalogue', 'genre', { name }],
    queryFn: ({ signal }) => fetchGenre(name, signal),
  });

export const useGenre = (name: string) => useQuery(genreQueryOptions(name));

export const GENRE_TRACKS_PER_PAGE = 50;

/** GET genres/{name}/tracks?page&perPage: the genre's tracks, most played first, page by page. */
export const genreTracksQueryOptions = (name: string) =>
  infiniteQueryOptions({
    queryKey: ['catalogue', 'genre-tracks', { name }],
    queryFn: async ({ pageParam, signal }) =>
      api.call(catalogue.genreTracks, {
        params: { name },
        query: { page: pageParam, perPage: GENRE_TRACKS_PER_PAGE },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.next_page !== undefined
        ? (last.next_page ?? undefined)
        : last.last_page !== undefined && last.current_page < last.last_page
          ? last.current_page + 1
          : undefined,
  });

export const useGenreTracks = (name: string) => useInfiniteQuery(genreTracksQueryOptions(name));
