import type { UseQueryResult } from '@tanstack/react-query';
import { LINE_FILTERS, type LineFilter, type LocalizationLine, msg } from '@zema/contracts';
import { Download, Upload } from 'lucide-react';
import { type ChangeEvent, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { type AdminListAnswer, AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { PageError } from '#src/components/states';
import { ApiError, errorMessage } from '#src/lib/api-error';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, buttonClass } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import {
  exportLinesUrl,
  useAdminLocalizations,
  useImportLines,
  useLocalizationLines,
  useUpdateLines,
} from '../api/admin-localizations';

const FILTER_LABELS: Record<LineFilter, string> = {
  all: msg('All lines'),
  missing: msg('Missing only'),
  changed: msg('Changed in source since translated'),
  translated: msg('Translated'),
};
const FILTER_KEYS = ['filter'] as const;

type Row = LocalizationLine & { id: string };

const lineColumns = (trans: TransFn, language: string, edit: (row: Row) => void): DataTableColumn<Row>[] => [
  {
    id: 'source',
    header: trans('English source'),
    sortKey: 'source',
    hideable: false,
    cell: (row) => (
      <span lang="en" className="block whitespace-pre-wrap break-words text-fg">
        {row.source}
      </span>
    ),
  },
  {
    id: 'line',
    header: trans('Translation'),
    hideable: false,
    cell: (row) =>
      row.line === null ? (
        <span className="text-sm text-muted italic">
          {row.previous ? trans('Source changed since translated') : trans('Missing')}
        </span>
      ) : (
        <span lang={language} className="block whitespace-pre-wrap break-words">
          {row.line}
        </span>
      ),
  },
  {
    id: 'edit',
    header: trans('Edit'),
    hideable: false,
    cell: (row) => (
      <Button
        variant="outline"
        size="sm"
        onPress={() => edit(row)}
        aria-label={
          row.line === null
            ? trans('Translate “{source}”', { source: row.source })
            : trans('Edit “{source}”', { source: row.source })
        }
      >
        {row.line === null ? trans('Translate') : trans('Edit')}
      </Button>
    ),
  },
  {
    id: 'files',
    header: trans('Used in'),
    cell: (row) => (
      <span className="block max-w-56 truncate text-xs text-muted" title={row.files.join('\n')}>
        {row.files.map((f) => f.split('/').pop()).join(', ')}
      </span>
    ),
  },
];

/** The lines of the language in the address, each with its source as the row's id. */
function useLinesOfThisPage(query: Record<string, string>) {
  return useLocalizationLines(Number(useParams().localizationId), query) as unknown as UseQueryResult<
    AdminListAnswer<Row>
  >;
}

/** One line: its source, where it is used, what it read before the source changed, and the line. */
function LineDialog({
  localization,
  row,
  onClose,
}: {
  localization: { id: number; name: string; language: string };
  row: Row;
  onClose: () => void;
}) {
  const { trans } = useTrans();
  const [value, setValue] = useState(row.line ?? '');
  const [error, setError] = useState<string | undefined>();
  const save = useUpdateLines(localization.id);

  const submit = () =>
    save.mutate(
      { [row.source]: value },
      {
        onSuccess: () => {
          toast.positive(trans('Saved. Readers of {name} see it now.', { name: localization.name }));
          onClose();
        },
        onError: (err) =>
          err instanceof ApiError && err.errors
            ? setError(Object.values(err.errors)[0]?.[0] ?? err.message)
            : toast.danger(errorMessage(err)),
      },
    );

  return (
    <Dialog
      title={trans('Translate a line')}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      footer={({ close }) => (
        <>
          <Button variant="text" onPress={close}>
            {trans('Cancel')}
          </Button>
          <Button onPress={submit} isPending={save.isPending}>
            {trans('Save')}
          </Button>
        </>
      )}
    >
      <div className="flex flex-col gap-4">
        <div>
          <h3 className="text-xs font-medium text-muted uppercase">{trans('English source')}</h3>
          <p lang="en" className="mt-1 whitespace-pre-wrap break-words">
            {row.source}
          </p>
          <p className="mt-1 text-xs text-muted">
            {trans('Used in {files}', { files: row.files.join(', ') })}
          </p>
        </div>
        {row.previous && (
          <div className="rounded-theme border border-divider p-3 text-sm">
            <p className="font-medium">{trans('The source changed since it was translated. It read:')}</p>
            <p lang="en" className="mt-1 text-muted">
              {row.previous.source}
            </p>
            <p lang={localization.language} className="mt-1">
              {row.previous.line}
            </p>
            <Button className="mt-2" variant="outline" size="sm" onPress={() => setValue(row.previous!.line)}>
              {trans('Start from the earlier translation')}
            </Button>
          </div>
        )}
        <TextField
          label={trans('Translation in {name}', { name: localization.name })}
          description={trans(
            "Keep every '{argument}' of the source as it is. A plural lists the forms of the language: '{count, plural, one {…} other {…}}'. Empty: the English shows.",
          )}
          multiline
          rows={4}
          lang={localization.language}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(undefined);
          }}
          errorMessage={error}
          autoFocus
        />
      </div>
    </Dialog>
  );
}

/** Import: a JSON file `{source: line}`; every good line is written, the others are listed. */
function ImportButton({ id }: { id: number }) {
  const { trans } = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const importLines = useImportLines(id);
  const [refused, setRefused] = useState<{ source: string; reason: string }[] | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let lines: Record<string, string>;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      lines = Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'string')) as Record<
        string,
        string
      >;
    } catch {
      toast.danger(trans('This file is not a JSON object of lines (\'{"source": "line"}\').'));
      return;
    }
    importLines.mutate(lines, {
      onSuccess: (result) => {
        toast.positive(
          trans('{count, plural, one {Imported # line.} other {Imported # lines.}}', {
            count: result.updated,
          }),
        );
        if (result.refused.length) setRefused(result.refused);
      },
      onError: (error) => toast.danger(errorMessage(error)),
    });
  };

  return (
    <>
      <input
        ref={input}
        type="file"
        accept="application/json,.json"
        className="sr-only"
        tabIndex={-1}
        aria-label={trans('Import a JSON file of lines')}
        onChange={onFile}
      />
      <Button
        variant="outline"
        isPending={importLines.isPending}
        startIcon={<Upload aria-hidden="true" className="size-4" />}
        onPress={() => input.current?.click()}
      >
        {trans('Import')}
      </Button>
      {refused && (
        <Dialog
          title={trans('{count, plural, one {# line was not imported} other {# lines were not imported}}', {
            count: refused.length,
          })}
          isOpen
          onOpenChange={(open) => !open && setRefused(null)}
        >
          <ul className="flex flex-col gap-2 text-sm">
            {refused.map((r) => (
              <li key={r.source}>
                <span lang="en" className="font-medium">
                  {r.source}
                </span>
                <span className="block text-danger">{r.reason}</span>
              </li>
            ))}
          </ul>
        </Dialog>
      )}
    </>
  );
}

/**
 * /admin/localizations/{id}: a language's lines against the catalogue of the app's texts, searched
 * in source and translation, with missing and changed-in-source filters; each line is edited in a
 * dialog and applies for every reader at once. Import and export as JSON.
 */
export default function LocalizationLinesPage() {
  const { trans } = useTrans();
  const id = Number(useParams().localizationId);
  const list = useAdminLocalizations();
  const localization = list.data?.localizations.find((l) => l.id === id);
  const [editing, setEditing] = useState<Row | null>(null);
  const language = localization?.language ?? 'en';
  const columns = useMemo(() => lineColumns(trans, language, setEditing), [trans, language]);
  if (list.isError) return <PageError error={list.error} onRetry={() => list.refetch()} />;
  if (list.data && !localization)
    return <PageError error={new ApiError(404, {})} onRetry={() => list.refetch()} />;
  const name = localization?.name ?? '…';

  return (
    <AdminListPage<Row>
      title={trans('{name} lines', { name })}
      breadcrumbs={[{ label: trans('Localizations'), to: paths.adminLocalizations() }]}
      description={
        localization &&
        trans('{translated} of {total} lines translated. Changes apply for every reader at once.', {
          translated: localization.translated,
          total: localization.total,
        })
      }
      storageKey="admin-localization-lines"
      columns={columns}
      useList={useLinesOfThisPage}
      getRowId={(row) => row.source}
      filterKeys={FILTER_KEYS}
      search={{ label: trans('Search lines'), placeholder: trans('Search the English or the translation') }}
      filters={({ params, setFilter }) => (
        <FilterSelect
          label={trans('Which lines')}
          anyLabel={trans(FILTER_LABELS.all)}
          className="w-64"
          options={LINE_FILTERS.filter((f) => f !== 'all').map((f) => ({
            id: f,
            label: trans(FILTER_LABELS[f]),
          }))}
          value={params.filters.filter}
          onChange={(v) => setFilter('filter', v)}
        />
      )}
      actions={
        <>
          <a
            href={exportLinesUrl(id, 'lines')}
            download
            className={buttonClass({ variant: 'outline', size: 'md' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {trans('Export')}
          </a>
          <a
            href={exportLinesUrl(id, 'sources')}
            download
            className={buttonClass({ variant: 'outline', size: 'md' })}
          >
            <Download aria-hidden="true" className="size-4" />
            {trans('Sources for a translator')}
          </a>
          <ImportButton id={id} />
        </>
      }
      onRowAction={setEditing}
      empty={trans('No line matches.')}
    >
      {editing && localization && (
        <LineDialog localization={localization} row={editing} onClose={() => setEditing(null)} />
      )}
    </AdminListPage>
  );
}
