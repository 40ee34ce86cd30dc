import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { customPagesAdmin } from '@zema/contracts/pages/pages.operations';
import type { SaveCustomPageRequest } from '@zema/contracts/pages/pages-admin';
import { api } from '#src/lib/api-client';

const keys = {
  all: ['admin', 'custom-pages'] as const,
  list: (query: Record<string, string>) => ['admin', 'custom-pages', 'list', query] as const,
  one: (id: number) => ['admin', 'custom-pages', 'one', id] as const,
};

/** GET admin/custom-pages with the list contract's query. */
export function useAdminCustomPages(query: Record<string, string>, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: keys.list(query),
      queryFn: ({ signal }) => api.call(customPagesAdmin.list, { query, signal }),
      placeholderData: keepPreviousData,
    }),
    enabled,
  });
}

export function useAdminCustomPage(id: number | null) {
  return useQuery({
    queryKey: keys.one(id ?? 0),
    queryFn: async ({ signal }) =>
      (await api.call(customPagesAdmin.get, { params: { id: String(id) }, signal })).page,
    enabled: id !== null,
  });
}

/** Create (no id) or update a page; the lists and the page's public copy refresh. */
export function useSaveCustomPage(id: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveCustomPageRequest) =>
      (id === null
        ? await api.call(customPagesAdmin.create, { body })
        : await api.call(customPagesAdmin.update, { params: { id: String(id) }, body })
      ).page,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      void client.invalidateQueries({ queryKey: ['custom-pages'] });
    },
  });
}

export function useDeleteCustomPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(customPagesAdmin.delete, { params: { id: String(id) } }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.all });
      void client.invalidateQueries({ queryKey: ['custom-pages'] });
    },
  });
}

/** A page's picture from an upload queue's file entry: its public address. */
export function useUploadPageImage() {
  return useMutation({
    mutationFn: (fileEntryId: number) =>
      api.call(customPagesAdmin.uploadImage, { body: { file_entry_id: fileEntryId } }),
    meta: { handlesErrors: true },
  });
}
