import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PERMISSIONS as A } from '@zema/contracts';
import type { FailedJob, JobEngine, JobQueue } from '@zema/contracts/jobs/jobs.operations';
import { ChevronRight, RefreshCw, RotateCw } from 'lucide-react';
import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { ErrorState } from '#src/components/states';
import { errorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useFormat } from '#src/lib/format';
import { Trans, type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { DataTable, type DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { jobsKeys } from '../api/jobs-keys';
import { useFailedJobs } from '../api/list-failed-jobs';
import { useJobQueues } from '../api/list-job-queues';
import { useRetryFailedJob } from '../api/retry-failed-job';

/** The address's `?queue=`: the queue whose failed jobs are shown. */
const QUEUE_PARAM = 'queue';

/** The engines by their product names; only "in this process" is words to translate. */
function engineLabel(engine: JobEngine, trans: TransFn): string {
  if (engine === 'redis') return 'Redis (BullMQ)';
  if (engine === 'postgres') return 'PostgreSQL (BullMQ)';
  return trans('In this process');
}

/** A periodic task's interval, in the unit it is declared in (30 s, 5 min, 1 h). */
function everyLabel(ms: number, trans: TransFn): string {
  if (ms < 60_000) return trans('every {count} s', { count: Math.round(ms / 1000) });
  if (ms % 3_600_000 === 0) return trans('every {count} h', { count: ms / 3_600_000 });
  return trans('every {count} min', { count: Math.round(ms / 60_000) });
}

/** The rows of one page of a list the server sends whole (the queues; a queue's newest failures). */
function usePage<T>(rows: T[] | undefined, initialPerPage: number) {
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(initialPerPage);
  const total = rows?.length ?? 0;
  // A refresh may leave fewer rows than the page showed: stay on the last page there is.
  const last = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(page, last);
  const shown = useMemo(
    () => rows?.slice((current - 1) * perPage, current * perPage),
    [rows, current, perPage],
  );
  return {
    rows: shown,
    total,
    page: current,
    perPage,
    onPageChange: setPage,
    onPerPageChange: (n: number) => {
      setPerPage(n);
      setPage(1);
    },
  };
}

const numeric = 'text-end tabular-nums';

/** The queue whose failed jobs are shown, read by the name cells (the columns stay the same). */
const Selection = createContext<{ selected: string | null; select: (queue: string | null) => void }>({
  selected: null,
  select: () => {},
});

/**
 * A queue's name, a button that shows (or hides again) its failed jobs. The columns do not change
 * with the choice, so the table keeps its cells and the focus stays on the button pressed.
 */
function QueueName({ name }: { name: string }) {
  const { trans } = useTrans();
  const { selected, select } = useContext(Selection);
  const isSelected = name === selected;
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      aria-label={trans('{queue}: show its failed jobs', { queue: name })}
      onClick={() => select(isSelected ? null : name)}
      className={cx(
        'flex min-w-36 items-center gap-1 rounded-sm text-left font-medium hover:underline',
        isSelected ? 'text-primary' : 'text-fg',
      )}
    >
      <span className="break-words">{name}</span>
      <ChevronRight
        aria-hidden
        className={cx('size-4 shrink-0 transition-transform', isSelected && 'rotate-90')}
      />
    </button>
  );
}

/**
 * /admin/jobs (issue 35): the engine the background jobs run on, every queue and periodic task
 * with its counts, and the failed jobs of the queue chosen (`?queue=`), each with its error and a
 * Retry for admins who may change settings.
 */
export default function JobsPage() {
  const { trans } = useTrans();
  const format = useFormat();
  const overview = useJobQueues();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: jobsKeys.all }) > 0;
  const [search, setSearch] = useSearchParams();
  const selected = search.get(QUEUE_PARAM);
  const failedSection = useRef<HTMLElement>(null);
  const queues = usePage(overview.data?.queues, 25);

  const select = useCallback(
    (queue: string | null) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (queue) next.set(QUEUE_PARAM, queue);
          else next.delete(QUEUE_PARAM);
          return next;
        },
        { replace: true },
      );
      // On a phone the failed jobs are below the table, out of sight.
      if (queue) requestAnimationFrame(() => failedSection.current?.scrollIntoView?.({ block: 'nearest' }));
    },
    [setSearch],
  );
  const selection = useMemo(() => ({ selected, select }), [selected, select]);

  const columns = useMemo<DataTableColumn<JobQueue>[]>(
    () => [
      {
        id: 'name',
        header: trans('Name'),
        hideable: false,
        cell: (q) => <QueueName name={q.name} />,
      },
      {
        id: 'kind',
        header: trans('Type'),
        cell: (q) =>
          q.kind === 'periodic' ? (
            <span className="flex flex-col whitespace-nowrap">
              <span>{trans('Periodic')}</span>
              {q.every_ms !== null && (
                <span className="text-xs text-muted">{everyLabel(q.every_ms, trans)}</span>
              )}
            </span>
          ) : (
            trans('Queue')
          ),
      },
      { id: 'waiting', header: trans('Waiting'), className: numeric, cell: (q) => format.number(q.waiting) },
      { id: 'active', header: trans('Running'), className: numeric, cell: (q) => format.number(q.active) },
      { id: 'delayed', header: trans('Delayed'), className: numeric, cell: (q) => format.number(q.delayed) },
      {
        id: 'failed',
        header: trans('Failed'),
        className: numeric,
        cell: (q) =>
          q.failed > 0 ? (
            <span className="inline-flex items-center gap-1.5 font-semibold text-fg">
              <span aria-hidden className="size-2 rounded-full bg-danger" />
              {format.number(q.failed)}
            </span>
          ) : (
            format.number(0)
          ),
      },
      {
        id: 'completed',
        header: trans('Completed'),
        className: numeric,
        cell: (q) => format.number(q.completed),
      },
      {
        id: 'concurrency',
        header: trans('At once'),
        className: numeric,
        defaultHidden: true,
        cell: (q) => format.number(q.concurrency),
      },
      {
        id: 'attempts',
        header: trans('Max attempts'),
        className: numeric,
        defaultHidden: true,
        cell: (q) => format.number(q.attempts),
      },
    ],
    [format, trans],
  );

  return (
    <AdminPage
      title={trans('Jobs')}
      description={trans(
        'Background work and periodic tasks: how many jobs wait, run, wait for their time (a retry or the next run), failed after every try, and completed. Choose a queue to read its failed jobs.',
      )}
      actions={
        <Button
          variant="outline"
          size="sm"
          isPending={fetching}
          startIcon={<RefreshCw aria-hidden className="size-4" />}
          onPress={() => queryClient.invalidateQueries({ queryKey: jobsKeys.all })}
        >
          {trans('Refresh')}
        </Button>
      }
    >
      {overview.isError ? (
        <ErrorState onRetry={() => overview.refetch()} />
      ) : (
        <>
          <div className="flex flex-col gap-1 text-sm">
            {overview.data && (
              <p className="text-muted">
                <Trans
                  message="Engine: {engine}"
                  elements={{
                    engine: (
                      <span className="font-medium text-fg">{engineLabel(overview.data.engine, trans)}</span>
                    ),
                  }}
                />
              </p>
            )}
            {overview.data?.engine === 'in-process' && (
              <p className="text-muted">
                {trans('Jobs live in the memory of this server: the counts start again when it restarts.')}
              </p>
            )}
          </div>
          <Selection.Provider value={selection}>
            <DataTable
              label={trans('Queues')}
              storageKey="admin-job-queues"
              columns={columns}
              rows={queues.rows}
              total={queues.total}
              getRowId={(q) => q.name}
              page={queues.page}
              perPage={queues.perPage}
              sort={undefined}
              order={undefined}
              onSortChange={() => {}}
              onPageChange={queues.onPageChange}
              onPerPageChange={queues.onPerPageChange}
              isLoading={overview.isPending}
              onRowAction={(q) => select(q.name === selected ? null : q.name)}
              empty={<p className="text-sm text-muted">{trans('This server has no job queues.')}</p>}
            />
          </Selection.Provider>
          <section
            ref={failedSection}
            aria-labelledby="failed-jobs-heading"
            className="flex scroll-mt-16 flex-col gap-3"
          >
            {selected ? (
              <FailedJobs key={selected} queue={selected} />
            ) : (
              <>
                <h2 id="failed-jobs-heading" className="text-lg font-semibold text-fg">
                  {trans('Failed jobs')}
                </h2>
                <p className="text-sm text-muted">{trans('Choose a queue above to see its failed jobs.')}</p>
              </>
            )}
          </section>
        </>
      )}
    </AdminPage>
  );
}

/** Failed jobs shown at first, and added by each "Show more". */
const FAILED_STEP = 20;

/**
 * One queue's newest failed jobs (the server sends at most 100), each with its last error and, for
 * those allowed, a Retry. A list of cards rather than a table: an error is read whole, wrapped, on
 * a phone too.
 */
function FailedJobs({ queue }: { queue: string }) {
  const { trans } = useTrans();
  const format = useFormat();
  const canRetry = useAuth().hasPermission(A.settingsUpdate);
  const failed = useFailedJobs(queue);
  const [limit, setLimit] = useState(FAILED_STEP);
  const heading = useRef<HTMLHeadingElement>(null);
  const jobs = failed.data ?? [];
  const more = jobs.length - limit;

  return (
    <>
      <h2
        ref={heading}
        id="failed-jobs-heading"
        tabIndex={-1}
        className="text-lg font-semibold break-all text-fg outline-none"
      >
        {trans('Failed jobs of {queue}', { queue })}
      </h2>
      <p className="text-sm text-muted">
        {canRetry
          ? trans(
              'The newest 100, with the error of their last try. A retry puts the job back in its queue, to be tried from its first attempt.',
            )
          : trans(
              'The newest 100, with the error of their last try. Retrying a job needs the permission to change settings.',
            )}
      </p>
      {failed.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          <span className="text-danger">{errorMessage(failed.error)}</span>
          <Button variant="outline" size="sm" onPress={() => failed.refetch()}>
            {trans('Try again')}
          </Button>
        </div>
      ) : failed.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : jobs.length === 0 ? (
        <p className="rounded-theme border border-dashed border-divider px-4 py-8 text-center text-sm text-muted">
          {trans('No failed jobs')}
        </p>
      ) : (
        <>
          <ul aria-label={trans('Failed jobs of {queue}', { queue })} className="flex flex-col gap-3">
            {jobs.slice(0, limit).map((job) => (
              <li
                key={job.id}
                className="flex flex-col gap-2 rounded-theme border border-divider bg-bg p-3 text-sm"
              >
                <div className="flex flex-wrap items-start gap-x-6 gap-y-2">
                  <dl className="flex min-w-0 flex-wrap gap-x-6 gap-y-1">
                    <div className="flex min-w-0 gap-1.5">
                      <dt className="text-muted">{trans('Job')}</dt>
                      <dd className="min-w-0 break-all font-mono">{job.id}</dd>
                    </div>
                    <div className="flex gap-1.5">
                      <dt className="text-muted">{trans('Attempts')}</dt>
                      <dd className="tabular-nums">{format.number(job.attempts)}</dd>
                    </div>
                    <div className="flex gap-1.5">
                      <dt className="text-muted">{trans('Failed at')}</dt>
                      <dd>
                        <DateTime iso={job.failed_at} />
                      </dd>
                    </div>
                  </dl>
                  {canRetry && (
                    <RetryButton job={job} className="ms-auto" onRetried={() => heading.current?.focus()} />
                  )}
                </div>
                <pre className="whitespace-pre-wrap break-words rounded-theme bg-bg-alt px-3 py-2 font-mono text-xs text-fg">
                  {job.error}
                </pre>
              </li>
            ))}
          </ul>
          {more > 0 && (
            <Button
              variant="outline"
              className="self-center"
              onPress={() => setLimit((n) => n + FAILED_STEP)}
            >
              {trans('Show more')}
            </Button>
          )}
        </>
      )}
    </>
  );
}

/**
 * A failed job's Retry: the server's answer in a toast; the lists refresh (api/retry-failed-job)
 * and the job leaves this one, so the focus goes back to the list's heading.
 */
function RetryButton({
  job,
  className,
  onRetried,
}: {
  job: FailedJob;
  className?: string;
  onRetried: () => void;
}) {
  const { trans } = useTrans();
  const retry = useRetryFailedJob();
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      aria-label={trans('Retry job {id}', { id: job.id })}
      startIcon={<RotateCw aria-hidden className="size-4" />}
      isPending={retry.isPending}
      onPress={() =>
        retry.mutate(
          { queue: job.queue, id: job.id },
          {
            onSuccess: (message) => {
              toast.positive(message);
              onRetried();
            },
          },
        )
      }
    >
      {trans('Retry')}
    </Button>
  );
}
