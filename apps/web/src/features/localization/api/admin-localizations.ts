import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSettingsUpdateRequest } from '@zema/contracts/admin';
import { localizationAdmin } from '@zema/contracts/localization/localization-admin.operations';
import { settings } from '@zema/contracts/settings/settings.operations';
import { api } from '#src/lib/api-client';
import { updateBootstrapData } from '#src/lib/bootstrap-store';

export const localizationKeys = {
  all: ['admin', 'localizations'] as const,
  list: () => ['admin', 'localizations', 'list'] as const,
  lines: (id: number, query: Record<string, string>) =>
    ['admin', 'localizations', id, 'lines', query] as const,
};

/** GET admin/localizations: every language with its coverage. */
export function useAdminLocalizations() {
  return useQuery({
    queryKey: localizationKeys.list(),
    queryFn: ({ signal }) => api.call(localizationAdmin.list, { signal }),
  });
}

function useInvalidating<I, O>(mutationFn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { handlesErrors: true },
    // The footer's language list reads value-lists too.
    onSuccess: () =>
      client.invalidateQueries({
        predicate: (q) => ['admin', 'localization'].includes(String(q.queryKey[0])),
      }),
  });
}

export const useCreateLocalization = () =>
  useInvalidating((body: { name: string; language: string }) => api.call(localizationAdmin.create, { body }));

export const useRenameLocalization = () =>
  useInvalidating(({ id, name }: { id: number; name: string }) =>
    api.call(localizationAdmin.update, { params: { id: String(id) }, body: { name } }),
  );

export const useDeleteLocalization = () =>
  useInvalidating((id: number) => api.call(localizationAdmin.delete, { params: { id: String(id) } }));

/** The site's i18n settings (default language, the visitors' picker), as Settings › Site saves them. */
export const useI18nSettings = () =>
  useInvalidating(async (body: AdminSettingsUpdateRequest) => {
    const view = await api.call(settings.update, { body });
    updateBootstrapData((data) => ({ ...data, settings: view.settings }));
    return view;
  });

/** GET admin/localizations/{id}/lines with the list query (search, filter, page). */
export function useLocalizationLines(id: number, query: Record<string, string>) {
  return useQuery({
    queryKey: localizationKeys.lines(id, query),
    queryFn: ({ signal }) => api.call(localizationAdmin.lines, { params: { id: String(id) }, query, signal }),
    // A line has no id of its own: its source is unique in the catalogue.
    select: (page) => ({ ...page, data: page.data.map((line) => ({ ...line, id: line.source })) }),
    placeholderData: keepPreviousData,
  });
}

export const useUpdateLines = (id: number) =>
  useInvalidating((lines: Record<string, string>) =>
    api.call(localizationAdmin.updateLines, { params: { id: String(id) }, body: { lines } }),
  );

export const useImportLines = (id: number) =>
  useInvalidating((lines: Record<string, string>) =>
    api.call(localizationAdmin.importLines, { params: { id: String(id) }, body: { lines } }),
  );

/** The download address of a language's lines, or of the catalogue's sources for a translator. */
export const exportLinesUrl = (id: number, kind: 'lines' | 'sources') =>
  `${localizationAdmin.exportLines.path.replace(':id', String(id))}${kind === 'sources' ? '?kind=sources' : ''}`;
