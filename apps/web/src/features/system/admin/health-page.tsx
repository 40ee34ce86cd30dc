import type { SystemHealth } from '@zema/contracts/admin';
import { RefreshCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { formatCompactDuration, useFormat } from '#src/lib/format';
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

const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

function Cards({ health }: { health: SystemHealth }) {
  const { database, redis, storage } = health;
  const format = useFormat();
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <AdminCard title="Application">
        <Facts
          rows={[
            ['Version', health.version],
            ['Node.js', health.node],
            ['Uptime', formatCompactDuration(health.uptime)],
            ['Started', format.dateTime(health.started_at, { timeStyle: 'medium' })],
          ]}
        />
      </AdminCard>
      <AdminCard
        title="Database"
        actions={
          database.ok ? (
            <StatusBadge tone="positive">Up</StatusBadge>
          ) : (
            <StatusBadge tone="danger">Down</StatusBadge>
          )
        }
      >
        <Facts
          rows={[
            ['Driver', database.driver === 'pglite' ? 'PGlite (embedded)' : 'PostgreSQL'],
            ['Size', database.size === null ? '—' : format.bytes(database.size)],
            ['Server version', database.server_version ?? '—'],
            ['Answered in', ms(database.latency_ms)],
          ]}
        />
      </AdminCard>
      <AdminCard
        title="Redis"
        actions={
          !redis.enabled ? (
            <StatusBadge tone="muted">Off</StatusBadge>
          ) : redis.ok ? (
            <StatusBadge tone="positive">Up</StatusBadge>
          ) : (
            <StatusBadge tone="danger">Down</StatusBadge>
          )
        }
      >
        <Facts
          rows={
            redis.enabled
              ? [
                  ['Status', redis.ok ? 'Answers PING' : 'Does not answer'],
                  ['Answered in', ms(redis.latency_ms)],
                ]
              : [['Status', 'Not configured: caches and rate limits are kept in this process.']]
          }
        />
      </AdminCard>
      <AdminCard title="Storage">
        <Facts
          rows={[
            ['Driver', storage.driver === 'local' ? 'Local folder' : storage.driver],
            [
              'Used',
              storage.used === null
                ? 'Not measured for this driver'
                : `${storage.partial ? 'At least ' : ''}${format.bytes(storage.used)}`,
            ],
            [
              'Files',
              storage.files === null
                ? '—'
                : `${storage.partial ? 'More than ' : ''}${format.number(storage.files)}`,
            ],
          ]}
        />
      </AdminCard>
      <AdminCard title="Mail and logs">
        <Facts
          rows={[
            ['Mail', health.mail.driver === 'smtp' ? 'SMTP' : 'Outbox (.eml files in the data folder)'],
            [
              'Error log',
              `${format.bytes(health.error_log.size)} in ${health.error_log.files} file${health.error_log.files === 1 ? '' : 's'}`,
            ],
          ]}
        />
      </AdminCard>
    </div>
  );
}

export default function HealthPage() {
  const health = useSystemHealth();
  return (
    <AdminPage
      title="Health"
      description="What this server runs on and how it is doing, measured when the page loads."
      actions={
        <Button variant="outline" size="sm" onPress={() => health.refetch()} isDisabled={health.isFetching}>
          <RefreshCw aria-hidden className="size-4" />
          Refresh
        </Button>
      }
    >
      {health.data ? (
        <Cards health={health.data} />
      ) : health.isError ? (
        <p className="text-sm text-danger">The health of the server could not be read.</p>
      ) : (
        <div className="flex justify-center py-16">
          <Spinner />
        </div>
      )}
    </AdminPage>
  );
}
