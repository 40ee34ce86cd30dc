import type { ErrorLogEntry } from '@zema/contracts/admin';
import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { useFormat } from '#src/lib/format';
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
  { id: 'any', label: 'Any level' },
  { id: 'error', label: 'Errors' },
  { id: 'warning', label: 'Warnings' },
];

function LevelBadge({ level }: { level: ErrorLogEntry['level'] }) {
  return level === 'error' ? (
    <StatusBadge tone="danger">Error</StatusBadge>
  ) : (
    <StatusBadge tone="warning">Warning</StatusBadge>
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

  const columns = useMemo<DataTableColumn<ErrorLogEntry>[]>(
    () => [
      { id: 'level', header: 'Level', cell: (e) => <LevelBadge level={e.level} /> },
      {
        id: 'time',
        header: 'Date',
        sortKey: 'time',
        hideable: false,
        cell: (e) => (
          <span className="block min-w-28">{format.dateTime(e.time, { timeStyle: 'medium' })}</span>
        ),
      },
      {
        id: 'message',
        header: 'Message',
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
        header: 'Times',
        cell: (e) => (e.count > 1 ? `×${e.count}` : '1'),
      },
      {
        id: 'url',
        header: 'URL',
        defaultHidden: true,
        cell: (e) => <code className="text-xs">{e.url}</code>,
      },
      {
        id: 'req_id',
        header: 'Request',
        defaultHidden: true,
        cell: (e) => <code className="text-xs">{e.req_id}</code>,
      },
    ],
    [format],
  );

  const dayItems = useMemo(
    () => [
      { id: 'any', label: 'Any day' },
      ...(days.data ?? []).map((d) => ({ id: d.day, label: `${d.day} (${format.bytes(d.size)})` })),
    ],
    [days.data, format],
  );
  const hasLogs = (days.data?.length ?? 0) > 0;

  return (
    <AdminListPage
      title="Error log"
      description="Server errors as the error log files record them. Repeats of one error within a minute are written once, with their count."
      actions={({ params: { filters } }) =>
        hasLogs && (
          <>
            {filters.day && (
              <DownloadLink href={errorLogDayUrl(filters.day)}>{`Download ${filters.day}`}</DownloadLink>
            )}
            <DownloadLink href={latestErrorLogUrl()}>Download latest log</DownloadLink>
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
          {filtered ? 'No errors match this filter.' : 'No errors have been logged. Good news.'}
        </p>
      )}
      search={{ label: 'Search messages' }}
      filters={({ params, setFilter }) => (
        <>
          <Select
            aria-label="Level"
            className="w-36"
            items={LEVELS}
            selectedKey={params.filters.level ?? 'any'}
            onSelectionChange={(k) => setFilter('level', String(k))}
          />
          <Select
            aria-label="Day"
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
  return (
    <Dialog
      isOpen={entry !== null}
      onOpenChange={(o) => !o && onClose()}
      size="fullscreen"
      // Short, so it fits a phone's title bar; the time is the first fact below it.
      title={entry ? (entry.level === 'error' ? 'Logged error' : 'Logged warning') : ''}
      bodyClassName="flex flex-col gap-4 px-0 md:px-6"
      footer={
        entry && (
          <a
            href={errorLogDayUrl(entry.time.slice(0, 10))}
            download
            className={buttonClass({ variant: 'outline' })}
          >
            <Download aria-hidden className="size-4" />
            Download this day's log
          </a>
        )
      }
    >
      {entry && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 px-6 text-xs md:px-0">
          <dt className="text-muted">When</dt>
          <dd>{format.dateTime(entry.time, { timeStyle: 'medium' })}</dd>
          <dt className="text-muted">Request</dt>
          <dd className="font-mono break-all">
            {entry.method} {entry.url || entry.route}
          </dd>
          {entry.count > 1 && (
            <>
              <dt className="text-muted">Repeats</dt>
              <dd>
                {entry.count} times
                {entry.first_time &&
                  `, first at ${format.dateTime(entry.first_time, { timeStyle: 'medium' })}`}
              </dd>
            </>
          )}
          {entry.req_id && (
            <>
              <dt className="text-muted">Request id</dt>
              <dd className="font-mono break-all">{entry.req_id}</dd>
            </>
          )}
        </dl>
      )}
      {details.data ? (
        <ErrorDetails payload={details.data.debug} />
      ) : details.isError ? (
        <p className="px-6 text-sm text-danger md:px-0">This entry could not be loaded.</p>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}
