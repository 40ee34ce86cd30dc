import { msg } from '@zema/contracts';
import type { MailLogEntry, MailLogMessage } from '@zema/contracts/admin';
import { logs } from '@zema/contracts/system/logs.operations';
import { useMemo, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { useFormat } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { cx, insetFocusRing } from '#src/ui/cx';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { Spinner } from '#src/ui/spinner';
import { useMailMessage } from '../api/get-mail-log-message';
import { useMailLog } from '../api/list-mail-log';
import { StatusBadge } from '../components/status-badge';

const FILTERS = ['status'] as const;

const STATUSES = [
  { id: 'sent', label: msg('Sent') },
  { id: 'failed', label: msg('Failed') },
];

function MailStatus({ mail }: { mail: MailLogEntry }) {
  const { trans } = useTrans();
  return mail.status === 'sent' ? (
    <StatusBadge tone="positive">{trans('Sent')}</StatusBadge>
  ) : (
    <StatusBadge tone="danger">{trans('Failed')}</StatusBadge>
  );
}

export default function MailLogPage() {
  const [open, setOpen] = useState<MailLogEntry | null>(null);
  const format = useFormat();
  const { trans } = useTrans();

  const columns = useMemo<DataTableColumn<MailLogEntry>[]>(
    () => [
      {
        id: 'to',
        header: trans('To'),
        sortKey: 'to',
        hideable: false,
        // Room for most addresses before a long one breaks, so a narrow screen scrolls the table
        // instead of stacking an address one letter a line.
        cell: (m) => <span className="block min-w-48 break-all">{m.to}</span>,
      },
      {
        id: 'subject',
        header: trans('Subject'),
        sortKey: 'subject',
        hideable: false,
        cell: (m) => (
          <button
            type="button"
            onClick={() => setOpen(m)}
            className="min-w-40 rounded-sm text-left text-fg outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
          >
            {m.subject}
          </button>
        ),
      },
      {
        id: 'status',
        header: trans('Status'),
        cell: (m) => (
          <span className="flex flex-col items-start gap-1">
            <MailStatus mail={m} />
            {m.error && <span className="line-clamp-2 max-w-64 text-xs text-muted">{m.error}</span>}
          </span>
        ),
      },
      {
        id: 'created_at',
        header: trans('Sent'),
        sortKey: 'created_at',
        cell: (m) => (
          <span className="block min-w-28">{format.dateTime(m.created_at, { timeStyle: 'medium' })}</span>
        ),
      },
      {
        id: 'driver',
        header: trans('Sent through'),
        defaultHidden: true,
        cell: (m) => (m.driver === 'smtp' ? 'SMTP' : trans('Outbox')),
      },
    ],
    [format, trans],
  );

  return (
    <AdminListPage
      title={trans('Mail log')}
      description={trans(
        'Every message the site sent or failed to send. Reset links, invitation links and codes are stored redacted.',
      )}
      exportPath={logs.exportMail.path}
      storageKey="admin-mail-log"
      columns={columns}
      useList={useMailLog}
      filterKeys={FILTERS}
      onRowAction={setOpen}
      empty={({ filtered }) => (
        <p className="text-sm text-muted">
          {filtered ? trans('No messages match this filter.') : trans('No mail has been sent yet.')}
        </p>
      )}
      search={{ label: trans('Search recipient or subject') }}
      filters={({ params, setFilter }) => (
        <FilterSelect
          label={trans('Status')}
          anyLabel={trans('Any status')}
          className="w-36"
          options={STATUSES.map((s) => ({ ...s, label: trans(s.label) }))}
          value={params.filters.status}
          onChange={(status) => setFilter('status', status)}
        />
      )}
    >
      <MailMessageDialog entry={open} onClose={() => setOpen(null)} />
    </AdminListPage>
  );
}

const tabClass = ({ isSelected }: { isSelected: boolean }) =>
  cx(
    'cursor-pointer border-b-2 px-3 py-2 text-sm font-medium outline-none',
    insetFocusRing,
    isSelected ? 'border-primary text-fg' : 'border-transparent text-muted hover:text-fg',
  );

function MailMessageDialog({ entry, onClose }: { entry: MailLogEntry | null; onClose: () => void }) {
  const message = useMailMessage(entry?.id ?? null);
  const format = useFormat();
  const { trans } = useTrans();
  return (
    <Dialog
      isOpen={entry !== null}
      onOpenChange={(o) => !o && onClose()}
      size="xl"
      title={entry?.subject ?? ''}
      bodyClassName="flex flex-col gap-4"
    >
      {entry && (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted">{trans('To')}</dt>
          <dd className="break-all">{entry.to}</dd>
          {message.data && (
            <>
              <dt className="text-muted">{trans('From')}</dt>
              <dd className="break-all">{message.data.from}</dd>
            </>
          )}
          <dt className="text-muted">{entry.status === 'sent' ? trans('Sent') : trans('Failed')}</dt>
          <dd>
            {format.dateTime(entry.created_at, { timeStyle: 'medium' })} ·{' '}
            {/* i18n-ignore: the protocol's name */}
            {entry.driver === 'smtp' ? 'SMTP' : trans('Outbox')}
          </dd>
          {entry.error && (
            <>
              <dt className="text-muted">{trans('Error')}</dt>
              <dd className="break-words text-danger">{entry.error}</dd>
            </>
          )}
        </dl>
      )}
      {message.data ? (
        <MessageBody mail={message.data} />
      ) : message.isError ? (
        <p className="text-sm text-danger">{trans('This message could not be loaded.')}</p>
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </Dialog>
  );
}

/**
 * The message as the recipient saw it. The HTML is shown in an iframe sandboxed with no
 * permissions at all: no scripts, no forms, no navigation of this page, and an opaque origin, so
 * even a message that carried markup from user input cannot act on the admin's session.
 */
function MessageBody({ mail }: { mail: MailLogMessage }) {
  const { trans } = useTrans();
  return (
    <Tabs className="flex flex-col">
      <TabList aria-label={trans('Message format')} className="flex gap-1 border-b border-divider">
        <Tab id="html" className={tabClass}>
          {/* i18n-ignore */}
          HTML
        </Tab>
        <Tab id="text" className={tabClass}>
          {trans('Plain text')}
        </Tab>
      </TabList>
      <TabPanel id="html" className="flex flex-col gap-2 pt-3 outline-none">
        <p className="text-xs text-muted">
          {trans("A sandboxed preview: no script in it runs, and the site's images are not loaded.")}
        </p>
        <iframe
          title={trans('Message: {subject}', { subject: mail.subject })}
          sandbox=""
          referrerPolicy="no-referrer"
          srcDoc={mail.html}
          className="h-[60dvh] w-full rounded-theme border border-divider bg-white"
        />
      </TabPanel>
      <TabPanel id="text" className="pt-3 outline-none">
        <pre className="max-h-[60dvh] overflow-auto rounded-theme bg-bg-alt p-3 text-xs whitespace-pre-wrap break-words">
          {mail.text}
        </pre>
      </TabPanel>
    </Tabs>
  );
}
