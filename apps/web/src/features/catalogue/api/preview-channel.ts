import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelPreviewRequest } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { api } from '#src/lib/api-client';
import { catalogueAdminKeys } from './admin-keys';

/**
 * POST admin/channels/preview: what the channel editor's unsaved settings would show (the chosen
 * items, or what a rule picks now). A read with a body, so a query: the last answer stays on
 * screen while the next settings load.
 */
export const channelPreviewQueryOptions = (draft: ChannelPreviewRequest) =>
  queryOptions({
    queryKey: catalogueAdminKeys.channelPreview(draft),
    queryFn: async ({ signal }) =>
      (await api.call(catalogueManager.previewChannel, { body: draft, signal })).content,
    placeholderData: keepPreviousData,
  });

export const useChannelPreview = (draft: ChannelPreviewRequest | null) =>
  useQuery({ ...channelPreviewQueryOptions(draft ?? { config: PLACEHOLDER }), enabled: draft !== null });

const PLACEHOLDER = { contentType: 'track', rule: 'manual', layout: 'grid', limit: 1 } as const;
