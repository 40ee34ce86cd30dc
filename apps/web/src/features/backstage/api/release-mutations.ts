import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReleaseDraft } from '@zema/contracts';
import { backstageReleases as ops } from '@zema/contracts/backstage/backstage-releases.operations';
import type { z } from 'zod';
import { api } from '#src/lib/api-client';
import { backstageKeys } from './keys';

/*
 * The release draft's writes (one call each, SPEC §7 style: every answer is the whole draft, so
 * the page shows it at once and the list is refreshed).
 */

const remember = (queryClient: QueryClient, release: ReleaseDraft) => {
  queryClient.setQueryData(backstageKeys.release(release.id), release);
  void queryClient.invalidateQueries({ queryKey: [...backstageKeys.releases(), 'list'] });
};

export async function createRelease(body: z.input<NonNullable<typeof ops.create.body>>) {
  return (await api.call(ops.create, { body })).release;
}

export async function addReleaseTrack({ id, fileEntryId }: { id: number; fileEntryId: number }) {
  return (await api.call(ops.addTrack, { params: { id }, body: { file_entry_id: fileEntryId } })).release;
}

export function useUpdateRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<NonNullable<typeof ops.update.body>>) =>
      (await api.call(ops.update, { params: { id }, body })).release,
    onSuccess: (release) => remember(queryClient, release),
  });
}

export function useUpdateTrackDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      trackId,
      ...body
    }: { trackId: number } & z.input<NonNullable<typeof ops.updateTrack.body>>) =>
      (await api.call(ops.updateTrack, { params: { id, trackId }, body })).release,
    onSuccess: (release) => remember(queryClient, release),
  });
}

export function useRemoveTrackDraft(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (trackId: number) =>
      (await api.call(ops.removeTrack, { params: { id, trackId } })).release,
    onSuccess: (release) => remember(queryClient, release),
  });
}

export function usePublishRelease(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (publishAt: string | null) =>
      (await api.call(ops.publish, { params: { id }, body: { publish_at: publishAt } })).release,
    onSuccess: (release) => remember(queryClient, release),
  });
}

export function useDeleteRelease() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => api.call(ops.delete, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backstageKeys.releases() }),
  });
}
