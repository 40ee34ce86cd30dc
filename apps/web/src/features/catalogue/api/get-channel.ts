import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ChannelResponse, channelResponseSchema } from '@zema/contracts';
import { apiClient } from '#src/lib/api-client';

/** GET channels/{idOrSlug}: a channel and its content (nested channels one level deep). */
export async function fetchChannel(slug: string, signal?: AbortSignal): Promise<ChannelResponse['channel']> {
  const data = await apiClient.get<unknown>(`channels/${encodeURIComponent(slug)}`, { signal });
  return channelResponseSchema.parse(data).channel;
}

export const channelQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalogue', 'channel', { slug }],
    queryFn: ({ signal }) => fetchChannel(slug, signal),
  });

export const useChannel = (slug: string) => useQuery(channelQueryOptions(slug));
