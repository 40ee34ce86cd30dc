import { ADMIN_PERMISSIONS as A, msg } from '@zema/contracts';
import { contactAdmin } from '@zema/contracts/contact/contact.operations';
import type { ContactMailStatus, ContactMessage } from '@zema/contracts/contact/contact-admin';
import { Mail, MailOpen, Reply, RotateCw, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { FilterSelect } from '#src/components/admin/list-toolbar';
import { useAuth, useSettings } from '#src/lib/bootstrap-store';
import { Trans, type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, buttonClass } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { cx } from '#src/ui/cx';
import type { DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { Dialog } from '#src/ui/dialog';
import { toast } from '#src/ui/toast';
import {
  useAdminContactMessages,
  useDeleteContactMessages,
  useMarkContactMessages,
  useRetryContactMail,
} from '../api/admin-contact-messages';
import { replyHref } from './reply-href';

const FILTERS = ['status', 'mail'] as const;
const READ_STATES = [
  { id: 'unread', label: msg('Unread') },
  { id: 'read', label: msg('Read') },
];
const MAIL_STATES: { id: ContactMailStatus; label: string }[] = [
  { id: 'pending', label: msg('Mail pending') },
  { id: 'sent', label: msg('Mailed') },
  { id: 'failed', label: msg('Mail failed') },
];
const MAIL_LABELS: Record<ContactMailStatus, string> = {
  pending: msg('Pending'),
  sent: msg('Sent'),
  failed: msg('Failed'),
};

/** Filter options with their labels in the reader's language. */
const translated = (trans: TransFn, items: { id: string; label: string }[]) =>
  items.map((item) => ({ ...item, label: trans(item.label) }));
const MAIL_TONES: Record<ContactMailStatus, string> = {
  pending: 'bg-warning',
  sent: 'bg-positive',
  failed: 'bg-danger',
};

function Badge({ tone, children }: { tone: string; children: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full border border-divider px-2 py-0.5 text-xs font-medium text-fg">
      <span aria-hidden className={cx('size-2 rounded-full', tone)} />
      {children}
    </span>
  );
}

/** "3 unread", from the list's own answer (the same query as the table: no second request). */
function UnreadCount({ query }: { query: Record<string, string> }) {
  const unread = useAdminContactMessages(query).data?.unread;
  if (!unread) return null;
  return (
    <span className="self-center text-sm text-muted">
      <Trans
        message="{count} unread"
        elements={{ count: <span className="font-semibold text-fg">{unread}</span> }}
      />
    </span>
  );
}

/**
 * /admin/contact-messages: what visitors wrote on the contact page, newest first; unread ones in
 * bold. Opening one marks it read; it can be answered by mail, marked unread, mailed again when its
 * mails failed, or deleted. Searchable, filterable by read and mail state, exported as CSV.
 */
export default function AdminContactMessagesPage() {
  const auth = useAuth();
  const canDelete = auth.hasPermission(A.contactMessagesUpdate);
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const mark = useMarkContactMessages();
  const del = useDeleteContactMessages();
  const { trans } = useTrans();

  const columns = useMemo<DataTableColumn<ContactMessage>[]>(
    () => [
      {
        id: 'from',
        header: trans('From'),
        sortKey: 'name',
        hideable: false,
        cell: (m) => (
          <button
            type="button"
            onClick={() => setOpen(m)}
            className="flex min-w-40 max-w-64 flex-col rounded-sm text-left outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
          >
            <span className={cx('flex items-center gap-2 truncate text-fg', !m.read_at && 'font-bold')}>
              {!m.read_at && <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />}
              {m.name}
            </span>
            <span className="truncate text-xs text-muted">{m.email}</span>
          </button>
        ),
      },
      {
        id: 'message',
        header: trans('Message'),
        hideable: false,
        cell: (m) => (
          <span className={cx('line-clamp-2 min-w-48 max-w-md break-words', !m.read_at && 'font-semibold')}>
            {m.message}
          </span>
        ),
      },
      {
        id: 'status',
        header: trans('Status'),
        cell: (m) =>
          m.read_at ? (
            <Badge tone="bg-muted">{trans('Read')}</Badge>
          ) : (
            <Badge tone="bg-primary">{trans('Unread')}</Badge>
          ),
      },
      {
        id: 'mail',
        header: trans('Mail'),
        cell: (m) => <Badge tone={MAIL_TONES[m.mail.status]}>{trans(MAIL_LABELS[m.mail.status])}</Badge>,
      },
      {
        id: 'created_at',
        header: trans('Received'),
        sortKey: 'created_at',
        cell: (m) => <DateTime iso={m.created_at} />,
      },
      { id: 'email', header: trans('Email'), sortKey: 'email', defaultHidden: true, cell: (m) => m.email },
    ],
    [trans],
  );

  const markSelected = (ids: string[], read: boolean, clear: () => void) =>
    mark.mutate(
      { ids: ids.map(Number), read },
      {
        onSuccess: (res) => {
          toast.positive(res.message);
          clear();
        },
      },
    );

  return (
    <AdminListPage
      title={trans('Contact messages')}
      description={trans(
        'What visitors wrote on the contact page. Each is mailed to the contact address (Settings › Mail) with Reply-To set to the sender, and the sender gets a copy.',
      )}
      storageKey="admin-contact-messages"
      columns={columns}
      useList={useAdminContactMessages}
      filterKeys={FILTERS}
      exportPath={contactAdmin.exportCsv.path}
      actions={({ apiQuery }) => <UnreadCount query={apiQuery} />}
      onRowAction={setOpen}
      search={{ label: trans('Search messages'), placeholder: trans('Search name, email or words') }}
      filters={({ params, setFilter }) => (
        <>
          <FilterSelect
            label={trans('Read or unread')}
            anyLabel={trans('Read or unread')}
            className="w-40"
            options={translated(trans, READ_STATES)}
            value={params.filters.status}
            onChange={(v) => setFilter('status', v)}
          />
          <FilterSelect
            label={trans('Mail')}
            anyLabel={trans('Any mail state')}
            className="w-40"
            options={translated(trans, MAIL_STATES)}
            value={params.filters.mail}
            onChange={(v) => setFilter('mail', v)}
          />
        </>
      )}
      bulkActions={({ ids, clear }) => (
        <>
          <Button variant="outline" size="sm" onPress={() => markSelected(ids, true, clear)}>
            {trans('Mark read')}
          </Button>
          <Button variant="outline" size="sm" onPress={() => markSelected(ids, false, clear)}>
            {trans('Mark unread')}
          </Button>
        </>
      )}
      delete={
        canDelete
          ? {
              mutation: del,
              title: (rows) =>
                trans('{count, plural, one {Delete this message?} other {Delete # messages?}}', {
                  count: rows.length,
                }),
              body: () => trans('The message and what it says are deleted for good. This cannot be undone.'),
            }
          : undefined
      }
      empty={({ filtered }) => (
        <p className="text-sm text-muted">
          {filtered
            ? trans('No messages match this search or filter.')
            : trans('No messages yet. They arrive from the contact page.')}
        </p>
      )}
    >
      <MessageDialog message={open} onClose={() => setOpen(null)} canDelete={canDelete} />
    </AdminListPage>
  );
}

const withRead = (m: ContactMessage, read: boolean): ContactMessage => ({
  ...m,
  read_at: read ? (m.read_at ?? new Date().toISOString()) : null,
});

function MessageDialog({
  message,
  onClose,
  canDelete,
}: {
  message: ContactMessage | null;
  onClose: () => void;
  canDelete: boolean;
}) {
  const { site_name: siteName } = useSettings();
  const { trans } = useTrans();
  const mark = useMarkContactMessages();
  const markRead = mark.mutate;
  const retry = useRetryContactMail();
  const del = useDeleteContactMessages();
  const [confirming, setConfirming] = useState(false);
  // What the dialog shows: the row it opened with, or the answer of its own last action on it.
  const [changed, setChanged] = useState<ContactMessage | null>(null);
  const m = message && changed?.id === message.id ? changed : message;
  const markedFor = useRef<number | null>(null);

  useEffect(() => {
    // Opening an unread message marks it read, once per opening.
    if (message && !message.read_at && markedFor.current !== message.id) {
      markedFor.current = message.id;
      markRead({ ids: [message.id], read: true }, { onSuccess: () => setChanged(withRead(message, true)) });
    }
    if (!message) markedFor.current = null;
  }, [message, markRead]);

  const toggleRead = () => {
    if (!m) return;
    const read = !m.read_at;
    mark.mutate(
      { ids: [m.id], read },
      {
        onSuccess: (res) => {
          toast.positive(res.message);
          setChanged(withRead(m, read));
        },
      },
    );
  };

  return (
    <>
      <Dialog
        isOpen={message !== null}
        onOpenChange={(o) => !o && onClose()}
        size="lg"
        title={m ? trans('Message from {name}', { name: m.name }) : undefined}
        aria-label={m ? undefined : trans('Message')}
        bodyClassName="flex flex-col gap-4"
        footer={
          m && (
            <div className="flex w-full flex-wrap items-center justify-end gap-2">
              {canDelete && (
                <Button
                  variant="text"
                  className="mr-auto text-danger"
                  startIcon={<Trash2 aria-hidden className="size-4" />}
                  onPress={() => setConfirming(true)}
                >
                  {trans('Delete')}
                </Button>
              )}
              {canDelete && m.mail.status === 'failed' && (
                <Button
                  variant="outline"
                  isPending={retry.isPending}
                  startIcon={<RotateCw aria-hidden className="size-4" />}
                  onPress={() =>
                    retry.mutate(m.id, {
                      onSuccess: (next) => {
                        setChanged(next);
                        if (next.mail.status === 'sent') toast.positive(trans('Mail sent'));
                        else toast.danger(trans('The mail could not be sent. It will be tried again later.'));
                      },
                    })
                  }
                >
                  {trans('Try mail again')}
                </Button>
              )}
              <Button
                variant="outline"
                isPending={mark.isPending}
                startIcon={
                  m.read_at ? (
                    <Mail aria-hidden className="size-4" />
                  ) : (
                    <MailOpen aria-hidden className="size-4" />
                  )
                }
                onPress={toggleRead}
              >
                {m.read_at ? trans('Mark as unread') : trans('Mark as read')}
              </Button>
              <a
                href={replyHref(m, siteName, trans)}
                className={buttonClass({ variant: 'primary', size: 'md' })}
              >
                <Reply aria-hidden className="size-4" />
                {trans('Reply by email')}
              </a>
            </div>
          )
        }
      >
        {m && (
          <>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted">{trans('From')}</dt>
              <dd className="break-all">
                {`${m.name} <${m.email}>`}
                {m.user_id !== null && (
                  <>
                    {' · '}
                    <Link to={paths.adminUser({ id: m.user_id })} className="text-primary underline">
                      {trans('signed in as user {id}', { id: m.user_id })}
                    </Link>
                  </>
                )}
              </dd>
              <dt className="text-muted">{trans('Received')}</dt>
              <dd>
                <DateTime iso={m.created_at} />
                {m.ip && <span className="text-muted"> · {m.ip}</span>}
              </dd>
              <dt className="text-muted">{trans('Status')}</dt>
              <dd>{m.read_at ? trans('Read') : trans('Unread')}</dd>
              <dt className="text-muted">{trans('Mail')}</dt>
              <dd className="flex flex-col gap-0.5">
                <span>
                  {m.mail.status === 'sent' &&
                    (m.mail.notified_to
                      ? trans('Sent to {address}, copy to the sender.', { address: m.mail.notified_to })
                      : trans('Sent to the contact address, copy to the sender.'))}
                  {m.mail.status === 'pending' && trans('On its way.')}
                  {m.mail.status === 'failed' &&
                    (m.mail.next_attempt_at
                      ? trans('Failed; it will be tried again.')
                      : trans('Failed; no more automatic tries.'))}
                  {m.mail.attempts > 1 &&
                    ` ${trans('({count, plural, one {# try} other {# tries}})', { count: m.mail.attempts })}`}
                </span>
                {m.mail.status === 'failed' && m.mail.next_attempt_at && (
                  <span className="text-muted">
                    <Trans
                      message="Next try: {time}"
                      elements={{ time: <DateTime iso={m.mail.next_attempt_at} /> }}
                    />
                  </span>
                )}
                {m.mail.status !== 'sent' && m.mail.last_error && (
                  <span className="break-words text-danger">{m.mail.last_error}</span>
                )}
              </dd>
            </dl>
            <p className="whitespace-pre-wrap break-words rounded-theme bg-bg-alt p-4 text-sm leading-relaxed text-fg">
              {m.message}
            </p>
          </>
        )}
      </Dialog>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={setConfirming}
        title={trans('Delete this message?')}
        confirmLabel={trans('Delete')}
        danger
        isPending={del.isPending}
        onConfirm={() =>
          m &&
          del.mutate([m.id], {
            onSuccess: (res) => {
              toast.positive(res.message);
              setConfirming(false);
              onClose();
            },
          })
        }
      >
        {trans('The message and what it says are deleted for good. This cannot be undone.')}
      </ConfirmDialog>
    </>
  );
}
