import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@zema/contracts/admin';
import { audit } from '@zema/contracts/system/audit.operations';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { AdminListPage, type AdminListState } from '#src/components/admin/admin-list-page';
import { DateRangeFilter, FilterSelect } from '#src/components/admin/list-toolbar';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { DateTime } from '#src/ui/date-time';
import { Dialog } from '#src/ui/dialog';
import { useAuditList } from '../api/list-audit';

const FILTERS = ['actor', 'action', 'from', 'to'] as const;

/** Admin pages of the records an entry names (a deleted one has none). */
const TARGET_PAGES: Record<string, (ref: { id: number }) => string> = {
  user: paths.adminUser,
  role: paths.adminRole,
  artist: paths.adminArtist,
  album: paths.adminAlbum,
  track: paths.adminTrack,
  channel: paths.adminChannel,
};

const targetLink = (e: AuditEntry) => {
  if (!e.target_type || !e.target_id || e.action.endsWith('.delete')) return null;
  if (e.target_type === 'genre' && e.target_label) return paths.adminGenres(e.target_label);
  const page = TARGET_PAGES[e.target_type];
  return page ? page({ id: Number(e.target_id) }) : null;
};

/** Each action in words (the code stays on hover and in the CSV). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.create': 'Created a user',
  'user.update': 'Edited a user',
  'user.suspend': 'Suspended a user',
  'user.unsuspend': 'Lifted a suspension',
  'user.verify_email': "Verified a user's email",
  'user.resend_verification': 'Resent a verification email',
  'user.end_session': 'Ended a session',
  'user.revoke_token': 'Revoked an API token',
  'user.reset_two_factor': 'Reset two-factor sign-in',
  'user.assign_role': 'Changed roles',
  'user.delete': 'Deleted a user',
  'user.impersonate': 'Logged in as a user',
  'user.impersonate_stop': 'Stopped logging in as a user',
  'role.create': 'Created a role',
  'role.update': 'Edited a role',
  'role.delete': 'Deleted a role',
  'settings.update': 'Changed settings',
  'settings.test_mail': 'Sent a test mail',
  'artist.create': 'Created an artist',
  'artist.update': 'Edited an artist',
  'artist.delete': 'Deleted an artist',
  'album.create': 'Created an album',
  'album.update': 'Edited an album',
  'album.delete': 'Deleted an album',
  'track.create': 'Created a track',
  'track.update': 'Edited a track',
  'track.upload_audio': "Replaced a track's audio",
  'track.delete': 'Deleted a track',
  'genre.create': 'Created a genre',
  'genre.update': 'Edited a genre',
  'genre.delete': 'Deleted a genre',
  'channel.create': 'Created a channel',
  'channel.update': 'Edited a channel',
  'channel.delete': 'Deleted a channel',
  'backstage_request.approve': 'Approved a backstage request',
  'backstage_request.deny': 'Denied a backstage request',
  'plan.create': 'Created a plan',
  'plan.update': 'Edited a plan',
  'plan.delete': 'Deleted a plan',
  'price.create': 'Added a price',
  'price.replace': 'Replaced a price',
  'price.update': 'Edited a price',
  'price.archive': 'Archived a price',
  'price.delete': 'Deleted a price',
  'subscription.grant': 'Granted a subscription',
  'subscription.extend': 'Extended a subscription',
  'subscription.cancel': 'Cancelled a subscription',
  'webhook.replay': 'Replayed a webhook',
  'payment.refund': 'Refunded a payment',
  'appearance.publish': 'Published the appearance',
  'appearance.restore': 'Rolled the appearance back',
  'page.create': 'Created a custom page',
  'page.update': 'Changed a custom page',
  'page.delete': 'Deleted a custom page',
  'contact_message.delete': 'Deleted a contact message',
};

const actionLabel = (code: string) => AUDIT_ACTION_LABELS[code as AuditAction] ?? code;

const actionOptions = (current: string | undefined) => [
  ...AUDIT_ACTIONS.map((a) => ({ id: a, label: actionLabel(a) })),
  // An entry written by an older version, followed from its row.
  ...(current && !(AUDIT_ACTIONS as readonly string[]).includes(current)
    ? [{ id: current, label: current }]
    : []),
];

export default function AuditLogPage() {
  const { language } = useTrans();
  const [open, setOpen] = useState<AuditEntry | null>(null);

  // Who and what filter the list from a row, so the columns are drawn from the list's state.
  const columns = useCallback(
    ({ setParams }: AdminListState): DataTableColumn<AuditEntry>[] => [
      {
        id: 'created_at',
        header: 'When',
        sortKey: 'created_at',
        hideable: false,
        cell: (e) => <DateTime iso={e.created_at} language={language} />,
      },
      {
        id: 'actor',
        header: 'Who',
        cell: (e) =>
          e.actor ? (
            <button
              type="button"
              className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-primary"
              onClick={() => setParams({ filters: { actor: String(e.actor!.id) } })}
              aria-label={`Only actions by ${e.actor.name}`}
            >
              {e.actor.name}
            </button>
          ) : (
            '—'
          ),
      },
      {
        id: 'action',
        header: 'Action',
        sortKey: 'action',
        cell: (e) => (
          <button
            type="button"
            title={e.action}
            className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            onClick={() => setParams({ filters: { action: e.action } })}
            aria-label={`Only “${actionLabel(e.action)}” actions`}
          >
            {actionLabel(e.action)}
          </button>
        ),
      },
      {
        id: 'target',
        header: 'Target',
        cell: (e) => {
          const to = targetLink(e);
          const label = e.target_label ?? (e.target_id ? `${e.target_type} ${e.target_id}` : '—');
          return to ? (
            <Link to={to} className="hover:underline">
              {label}
            </Link>
          ) : (
            label
          );
        },
      },
      { id: 'ip', header: 'From', cell: (e) => e.ip ?? '—' },
      {
        id: 'changes',
        header: 'Changes',
        hideable: false,
        cell: (e) =>
          e.before || e.after ? (
            <Button variant="text" size="sm" onPress={() => setOpen(e)}>
              View
            </Button>
          ) : null,
      },
    ],
    [language],
  );

  return (
    <AdminListPage
      title="Audit log"
      description="Every change made in the admin area: who, what, to which record, from where."
      exportPath={audit.exportCsv.path}
      storageKey="admin-audit"
      columns={columns}
      useList={useAuditList}
      filterKeys={FILTERS}
      onRowAction={(e) => (e.before || e.after ? setOpen(e) : undefined)}
      empty={<p className="text-sm text-muted">No actions recorded for this filter.</p>}
      search={{ label: 'Search target or action' }}
      filters={({ params, setParams }) => (
        <>
          <FilterSelect
            label="Action"
            anyLabel="Any action"
            className="w-52"
            options={actionOptions(params.filters.action)}
            value={params.filters.action}
            onChange={(action) => setParams({ filters: { action } })}
          />
          <DateRangeFilter
            label="Date"
            from={params.filters.from}
            to={params.filters.to}
            onChange={({ from, to }) => setParams({ filters: { from, to } })}
          />
        </>
      )}
    >
      <Dialog
        title={open ? `${actionLabel(open.action)} — ${open.target_label ?? ''}` : ''}
        size="lg"
        isOpen={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
      >
        {open && (
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label="Before">
              <h3 className="mb-2 text-sm font-semibold">Before</h3>
              <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">
                {JSON.stringify(open.before, null, 2) ?? '—'}
              </pre>
            </section>
            <section aria-label="After">
              <h3 className="mb-2 text-sm font-semibold">After</h3>
              <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">
                {JSON.stringify(open.after, null, 2) ?? '—'}
              </pre>
            </section>
          </div>
        )}
      </Dialog>
    </AdminListPage>
  );
}
