import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { appearanceAdmin } from '@zema/contracts/appearance/appearance.operations';
import type {
  AppearanceEditorResponse,
  AppearanceImageRequest,
  SaveAppearanceDraftRequest,
} from '@zema/contracts/appearance/appearance-admin';
import { api } from '#src/lib/api-client';

export const appearanceKeys = {
  all: ['admin-appearance'] as const,
  editor: () => [...appearanceKeys.all, 'editor'] as const,
  history: () => [...appearanceKeys.all, 'history'] as const,
};

/** GET admin/appearance: the published look, the latest version and this admin's draft. */
export function useAppearanceEditor() {
  return useQuery({
    queryKey: appearanceKeys.editor(),
    queryFn: ({ signal }) => api.call(appearanceAdmin.get, { signal }),
    // The draft is the editor's working copy: read once per visit, then kept by the page.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

/** PUT admin/appearance/draft: keeps this admin's changes (a reload finds them). */
export function useSaveAppearanceDraft() {
  return useMutation({
    mutationFn: (body: SaveAppearanceDraftRequest) => api.call(appearanceAdmin.saveDraft, { body }),
  });
}

/** Publish, discard and rollback answer the whole editor state, which replaces the cached one. */
function useEditorAction<A>(call: (arg: A) => Promise<AppearanceEditorResponse>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (state) => {
      client.setQueryData(appearanceKeys.editor(), state);
      void client.invalidateQueries({ queryKey: appearanceKeys.history() });
    },
  });
}

export const usePublishAppearance = () => useEditorAction(() => api.call(appearanceAdmin.publish, {}));
export const useDiscardAppearanceDraft = () =>
  useEditorAction(() => api.call(appearanceAdmin.discardDraft, {}));
export const useRestoreAppearanceVersion = () =>
  useEditorAction((id: number) => api.call(appearanceAdmin.restore, { params: { id } }));

/** GET admin/appearance/versions: the history, newest first. */
export function useAppearanceHistory(enabled: boolean) {
  return useQuery({
    queryKey: appearanceKeys.history(),
    queryFn: ({ signal }) => api.call(appearanceAdmin.history, { signal }),
    enabled,
  });
}

/** POST admin/appearance/images: a logo, landing picture or favicon set from the admin's upload. */
export function useUploadAppearanceImage() {
  return useMutation({
    mutationFn: (body: AppearanceImageRequest) => api.call(appearanceAdmin.uploadImage, { body }),
    meta: { handlesErrors: true },
  });
}
