import type { SystemHealth } from '@zema/contracts/admin';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { formatCompactDuration, useFormat } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Spinner } from '#src/ui/spinner';
import { useSystemHealth } from '../api/get-system-health';
import { StatusBadge } from '../components/status-badge';

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted">{label}</dt>
          <dd className="break-words text-fg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const ms = (trans: TransFn, value: number | null) => (value === null ? '—' : trans('{value} ms', { value }));

function Cards({ health }: { health: SystemHealth }) {
  const { database, redis, storage } = health;
  const format = useFormat();
  const { trans } = useTrans();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <AdminCard title={trans('Application')}>
        <Facts
          rows={[
            [trans('Version'), health.version],
            ['Node.js', health.node],
            [trans('Uptime'), formatCompactDuration(health.uptime, trans)],
            [trans('Started'), format.dateTime(health.started_at, { timeStyle: 'medium' })],
          ]}
        />
      </AdminCard>
      <AdminCard
        title={trans('Database')}
        actions={
          database.ok ? (
            <StatusBadge tone="positive">{trans('Up')}</StatusBadge>
          ) : (
            <StatusBadge tone="danger">{trans('Down')}</StatusBadge>
          )
        }
      >
        <Facts
          rows={[
            [trans('Driver'), database.driver === 'pglite' ? trans('PGlite (embedded)') : 'PostgreSQL'],
            [trans('Size'), database.size === null ? '—' : format.bytes(database.size)],
            [trans('Server version'), database.server_version ?? '—'],
            [trans('Answered in'), ms(trans, database.latency_ms)],
          ]}
        />
      </AdminCard>
      <AdminCard
        /* i18n-ignore */
        title="Redis"
        actions={
          !redis.enabled ? (
            <StatusBadge tone="muted">{trans('Off')}</StatusBadge>
          ) : redis.ok ? (
            <StatusBadge tone="positive">{trans('Up')}</StatusBadge>
          ) : (
            <StatusBadge tone="danger">{trans('Down')}</StatusBadge>
          )
        }
      >
        <Facts
          rows={
            redis.enabled
              ? [
                  [trans('Status'), redis.ok ? trans('Answers PING') : trans('Does not answer')],
                  [trans('Answered in'), ms(trans, redis.latency_ms)],
                ]
              : [[trans('Status'), trans('Not configured: caches and rate limits are kept in this process.')]]
          }
        />
      </AdminCard>
      <AdminCard title={trans('Storage')}>
        <Facts
          rows={[
            [trans('Driver'), storage.driver === 'local' ? trans('Local folder') : storage.driver],
            [
              trans('Used'),
              storage.used === null
                ? trans('Not measured for this driver')
                : storage.partial
                  ? trans('At least {size}', { size: format.bytes(storage.used) })
                  : format.bytes(storage.used),
            ],
            [
              trans('Files'),
              storage.files === null
                ? '—'
                : storage.partial
                  ? trans('More than {count}', { count: format.number(storage.files) })
                  : format.number(storage.files),
            ],
          ]}
        />
      </AdminCard>
      <AdminCard title={trans('Mail and logs')}>
        <Facts
          rows={[
            [
              trans('Mail'),
              health.mail.driver === 'smtp' ? 'SMTP' : trans('Outbox (.eml files in the data folder)'),
            ],
            [
              trans('Error log'),
              trans('{size} in {count, plural, one {# file} other {# files}}', {
                size: format.bytes(health.error_log.size),
                count: health.error_log.files,
              }),
            ],
          ]}
        />
      </AdminCard>
    </div>
  );
}

export default function HealthPage() {
  const { trans } = useTrans();
  const health = useSystemHealth();
  return (
    <AdminPage
      title={trans('Health')}
      description={trans('What this server runs on and how it is doing, measured when the page loads.')}
      actions={
        <Button variant="outline" size="sm" onPress={() => health.refetch()} isDisabled={health.isFetching}>
          <RefreshCw aria-hidden className="size-4" />
          {trans('Refresh')}
        </Button>
      }
    >
      {health.data ? (
        <Cards health={health.data} />
      ) : health.isError ? (
        <p className="text-sm text-danger">{trans('The health of the server could not be read.')}</p>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}
    </AdminPage>
  );
}
