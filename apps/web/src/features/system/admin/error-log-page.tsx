import { msg } from '@zema/contracts';
import type { ErrorLogEntry } from '@zema/contracts/admin';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { buttonClass } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { ErrorDetails } from '#src/ui/error-frames';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { errorLogDayUrl, latestErrorLogUrl } from '../api/download-error-log';
import { useErrorLogEntry } from '../api/get-error-log-entry';
import { useErrorLog } from '../api/list-error-log';
import { useErrorLogDays } from '../api/list-error-log-days';
import { StatusBadge } from '../components/status-badge';

const FILTERS = ['level', 'day'] as const;

const LEVELS = [
  { id: 'any', label: msg('Any level') },
  { id: 'error', label: msg('Errors') },
  { id: 'warning', label: msg('Warnings') },
];

function LevelBadge({ level }: { level: ErrorLogEntry['level'] }) {
  const { trans } = useTrans();
  return level === 'error' ? (
    <StatusBadge tone="danger">{trans('Error')}</StatusBadge>
  ) : (
    <StatusBadge tone="warning">{trans('Warning')}</StatusBadge>
  );
}

function DownloadLink({ href, children }: { href: string; children: string }) {
  return (
    <a href={href} download className={buttonClass({ variant: 'outline', size: 'sm' })}>
      <Download aria-hidden className="size-4" />
      {children}
    </a>
  );
}

export default function ErrorLogPage() {
  const days = useErrorLogDays();
  const [open, setOpen] = useState<ErrorLogEntry | null>(null);
  const format = useFormat();
  const { trans } = useTrans();

  const columns = useMemo<DataTableColumn<ErrorLogEntry>[]>(
    () => [
      { id: 'level', header: trans('Level'), cell: (e) => <LevelBadge level={e.level} /> },
      {
        id: 'time',
        header: trans('Date'),
        sortKey: 'time',
        hideable: false,
        cell: (e) => (
          <span className="block min-w-28">{format.dateTime(e.time, { timeStyle: 'medium' })}</span>
        ),
      },
      {
        id: 'message',
        header: trans('Message'),
        hideable: false,
        cell: (e) => (
          <button
            type="button"
            onClick={() => setOpen(e)}
            className="flex max-w-[36rem] min-w-48 flex-col gap-0.5 rounded-sm text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
          >
            <span className="line-clamp-2 break-words text-fg">
              <span className="font-mono text-xs font-semibold text-danger">{e.exception}</span> {e.message}
            </span>
            <span className="truncate font-mono text-[11px] text-muted">
              {e.method} {e.route}
            </span>
          </button>
        ),
      },
      {
        id: 'count',
        header: trans('Times'),
        cell: (e) => (e.count > 1 ? `×${e.count}` : '1'),
      },
      {
        id: 'url',
        header: trans('URL'),
        defaultHidden: true,
        cell: (e) => <code className="text-xs">{e.url}</code>,
      },
      {
        id: 'req_id',
        header: trans('Request'),
        defaultHidden: true,
        cell: (e) => <code className="text-xs">{e.req_id}</code>,
      },
    ],
    [format, trans],
  );

  const dayItems = useMemo(
    () => [
      { id: 'any', label: trans('Any day') },
      ...(days.data ?? []).map((d) => ({ id: d.day, label: `${d.day} (${format.bytes(d.size)})` })),
    ],
    [days.data, format, trans],
  );
  const hasLogs = (days.data?.length ?? 0) > 0;

  return (
    <AdminListPage
      title={trans('Error log')}
      description={trans(
        'Server errors as the error log files record them. Repeats of one error within a minute are written once, with their count.',
      )}
      actions={({ params: { filters } }) =>
        hasLogs && (
          <>
            {filters.day && (
              <DownloadLink href={errorLogDayUrl(filters.day)}>
                {trans('Download {day}', { day: filters.day })}
              </DownloadLink>
            )}
            <DownloadLink href={latestErrorLogUrl()}>{trans('Download latest log')}</DownloadLink>
          </>
        )
      }
      storageKey="admin-error-log"
      columns={columns}
      useList={useErrorLog}
      getRowId={(e) => e.id}
      filterKeys={FILTERS}
      onRowAction={setOpen}
      empty={({ filtered }) => (
        <p className="text-sm text-muted">
          {filtered ? trans('No errors match this filter.') : trans('No errors have been logged. Good news.')}
        </p>
      )}
      search={{ label: trans('Search messages') }}
      filters={({ params, setFilter }) => (
        <>
          <Select
            aria-label={trans('Level')}
            className="w-36"
            items={LEVELS.map((l) => ({ ...l, label: trans(l.label) }))}
            selectedKey={params.filters.level ?? 'any'}
            onSelectionChange={(k) => setFilter('level', String(k))}
          />
          <Select
            aria-label={trans('Day')}
            className="w-52"
            items={dayItems}
            selectedKey={params.filters.day ?? 'any'}
            onSelectionChange={(k) => setFilter('day', String(k))}
          />
        </>
      )}
    >
      <ErrorEntryDialog entry={open} onClose={() => setOpen(null)} />
    </AdminListPage>
  );
}

/** The logged error in the error dialog's own frames view, with the day's log to download. */
function ErrorEntryDialog({ entry, onClose }: { entry: ErrorLogEntry | null; onClose: () => void }) {
  const details = useErrorLogEntry(entry?.id ?? null);
  const format = useFormat();
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={entry !== null}
      onOpenChange={(o) => !o && onClose()}
      size="fullscreen"
      // Short, so it fits a phone's title bar; the time is the first fact below it.
      title={entry ? (entry.level === 'error' ? trans('Logged error') : trans('Logged warning')) : ''}
      bodyClassName="flex flex-col gap-4 px-0 md:px-6"
      footer={
        entry && (
          <a
            href={errorLogDayUrl(entry.time.slice(0, 10))}
            download
            className={buttonClass({ variant: 'outline' })}
          >
            <Download aria-hidden className="size-4" />
            {trans("Download this day's log")}
          </a>
        )
      }
    >
      {entry && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 px-6 text-xs md:px-0">
          <dt className="text-muted">{trans('When')}</dt>
          <dd>{format.dateTime(entry.time, { timeStyle: 'medium' })}</dd>
          <dt className="text-muted">{trans('Request')}</dt>
          <dd className="font-mono break-all">
            {entry.method} {entry.url || entry.route}
          </dd>
          {entry.count > 1 && (
            <>
              <dt className="text-muted">{trans('Repeats')}</dt>
              <dd>
                {entry.first_time
                  ? trans('{count, plural, one {# time, first at {time}} other {# times, first at {time}}}', {
                      count: entry.count,
                      time: format.dateTime(entry.first_time, { timeStyle: 'medium' }),
                    })
                  : trans('{count, plural, one {# time} other {# times}}', { count: entry.count })}
              </dd>
            </>
          )}
          {entry.req_id && (
            <>
              <dt className="text-muted">{trans('Request id')}</dt>
              <dd className="font-mono break-all">{entry.req_id}</dd>
            </>
          )}
        </dl>
      )}
      {details.data ? (
        <ErrorDetails payload={details.data.debug} />
      ) : details.isError ? (
        <p className="px-6 text-sm text-danger md:px-0">{trans('This entry could not be loaded.')}</p>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}
