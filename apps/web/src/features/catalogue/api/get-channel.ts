import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelResponse } from '@zema/contracts';
import { catalogue } from '@zema/contracts/catalogue/catalogue.operations';
import { api } from '#src/lib/api-client';

/** GET channels/{idOrSlug}: a channel and its content (nested channels one level deep). */
export async function fetchChannel(slug: string, signal?: AbortSignal): Promise<ChannelResponse['channel']> {
  return (await api.call(catalogue.channel, { params: { id: slug }, signal })).channel;
}

export const channelQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['catalogue', 'channel', { slug }],
    queryFn: ({ signal }) => fetchChannel(slug, signal),
  });

/** `handlesErrors`: the caller answers a failure itself (the home page's fallback), no toast. */
export const useChannel = (slug: string, opts: { enabled?: boolean; handlesErrors?: boolean } = {}) =>
  useQuery({
    ...channelQueryOptions(slug),
    enabled: opts.enabled ?? true,
    ...(opts.handlesErrors ? { meta: { handlesErrors: true } } : {}),
  });
