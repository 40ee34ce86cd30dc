import { msg } from '@zema/contracts';
import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from '@zema/contracts/admin';
import { audit } from '@zema/contracts/system/audit.operations';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { AdminListPage, type AdminListState } from '#src/components/admin/admin-list-page';
import { DateRangeFilter, FilterSelect } from '#src/components/admin/list-toolbar';
import { type TransFn, useTrans } from '#src/lib/i18n';
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

/** Each action in words, as catalogue sources (the code stays on hover and in the CSV). */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'user.create': msg('Created a user'),
  'user.update': msg('Edited a user'),
  'user.suspend': msg('Suspended a user'),
  'user.unsuspend': msg('Lifted a suspension'),
  'user.verify_email': msg("Verified a user's email"),
  'user.resend_verification': msg('Resent a verification email'),
  'user.end_session': msg('Ended a session'),
  'user.revoke_token': msg('Revoked an API token'),
  'user.reset_two_factor': msg('Reset two-factor sign-in'),
  'user.assign_role': msg('Changed roles'),
  'user.delete': msg('Deleted a user'),
  'user.impersonate': msg('Logged in as a user'),
  'user.impersonate_stop': msg('Stopped logging in as a user'),
  'role.create': msg('Created a role'),
  'role.update': msg('Edited a role'),
  'role.delete': msg('Deleted a role'),
  'settings.update': msg('Changed settings'),
  'settings.test_mail': msg('Sent a test mail'),
  'artist.create': msg('Created an artist'),
  'artist.update': msg('Edited an artist'),
  'artist.delete': msg('Deleted an artist'),
  'album.create': msg('Created an album'),
  'album.update': msg('Edited an album'),
  'album.delete': msg('Deleted an album'),
  'track.create': msg('Created a track'),
  'track.update': msg('Edited a track'),
  'track.upload_audio': msg("Replaced a track's audio"),
  'track.delete': msg('Deleted a track'),
  'genre.create': msg('Created a genre'),
  'genre.update': msg('Edited a genre'),
  'genre.delete': msg('Deleted a genre'),
  'channel.create': msg('Created a channel'),
  'channel.update': msg('Edited a channel'),
  'channel.delete': msg('Deleted a channel'),
  'backstage_request.approve': msg('Approved a backstage request'),
  'backstage_request.deny': msg('Denied a backstage request'),
  'plan.create': msg('Created a plan'),
  'plan.update': msg('Edited a plan'),
  'plan.delete': msg('Deleted a plan'),
  'price.create': msg('Added a price'),
  'price.replace': msg('Replaced a price'),
  'price.update': msg('Edited a price'),
  'price.archive': msg('Archived a price'),
  'price.delete': msg('Deleted a price'),
  'subscription.grant': msg('Granted a subscription'),
  'subscription.extend': msg('Extended a subscription'),
  'subscription.cancel': msg('Cancelled a subscription'),
  'webhook.replay': msg('Replayed a webhook'),
  'payment.refund': msg('Refunded a payment'),
  'appearance.publish': msg('Published the appearance'),
  'appearance.restore': msg('Rolled the appearance back'),
  'page.create': msg('Created a custom page'),
  'page.update': msg('Changed a custom page'),
  'page.delete': msg('Deleted a custom page'),
  'contact_message.delete': msg('Deleted a contact message'),
  'localization.create': msg('Created a localization'),
  'localization.update': msg('Edited a localization'),
  'localization.delete': msg('Deleted a localization'),
  'localization.lines_update': msg('Edited translation lines'),
  'localization.import': msg('Imported translation lines'),
  'radio_station.create': msg('Added a radio station'),
  'radio_station.update': msg('Changed a radio station'),
  'radio_station.reorder': msg('Reordered the radio stations'),
  'radio_station.delete': msg('Deleted a radio station'),
};

/** An action in the reader's words; an unknown code (an older version's) as it is. */
const actionLabel = (trans: TransFn, code: string) => {
  const label = AUDIT_ACTION_LABELS[code as AuditAction];
  return label ? trans(label) : code;
};

const actionOptions = (trans: TransFn, current: string | undefined) => [
  ...AUDIT_ACTIONS.map((a) => ({ id: a, label: actionLabel(trans, a) })),
  // An entry written by an older version, followed from its row.
  ...(current && !(AUDIT_ACTIONS as readonly string[]).includes(current)
    ? [{ id: current, label: current }]
    : []),
];

export default function AuditLogPage() {
  const { trans, language } = useTrans();
  const [open, setOpen] = useState<AuditEntry | null>(null);

  // Who and what filter the list from a row, so the columns are drawn from the list's state.
  const columns = useCallback(
    ({ setParams }: AdminListState): DataTableColumn<AuditEntry>[] => [
      {
        id: 'created_at',
        header: trans('When'),
        sortKey: 'created_at',
        hideable: false,
        cell: (e) => <DateTime iso={e.created_at} language={language} />,
      },
      {
        id: 'actor',
        header: trans('Who'),
        cell: (e) =>
          e.actor ? (
            <button
              type="button"
              className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-primary"
              onClick={() => setParams({ filters: { actor: String(e.actor!.id) } })}
              aria-label={trans('Only actions by {name}', { name: e.actor.name })}
            >
              {e.actor.name}
            </button>
          ) : (
            '—'
          ),
      },
      {
        id: 'action',
        header: trans('Action'),
        sortKey: 'action',
        cell: (e) => (
          <button
            type="button"
            title={e.action}
            className="rounded-sm text-left hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            onClick={() => setParams({ filters: { action: e.action } })}
            aria-label={trans('Only “{action}” actions', { action: actionLabel(trans, e.action) })}
          >
            {actionLabel(trans, e.action)}
          </button>
        ),
      },
      {
        id: 'target',
        header: trans('Target'),
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
      { id: 'ip', header: trans('From'), cell: (e) => e.ip ?? '—' },
      {
        id: 'changes',
        header: trans('Changes'),
        hideable: false,
        cell: (e) =>
          e.before || e.after ? (
            <Button variant="text" size="sm" onPress={() => setOpen(e)}>
              {trans('View')}
            </Button>
          ) : null,
      },
    ],
    [language, trans],
  );

  return (
    <AdminListPage
      title={trans('Audit log')}
      description={trans('Every change made in the admin area: who, what, to which record, from where.')}
      exportPath={audit.exportCsv.path}
      storageKey="admin-audit"
      columns={columns}
      useList={useAuditList}
      filterKeys={FILTERS}
      onRowAction={(e) => (e.before || e.after ? setOpen(e) : undefined)}
      empty={<p className="text-sm text-muted">{trans('No actions recorded for this filter.')}</p>}
      search={{ label: trans('Search target or action') }}
      filters={({ params, setParams }) => (
        <>
          <FilterSelect
            label={trans('Action')}
            anyLabel={trans('Any action')}
            className="w-52"
            options={actionOptions(trans, params.filters.action)}
            value={params.filters.action}
            onChange={(action) => setParams({ filters: { action } })}
          />
          <DateRangeFilter
            label={trans('Date')}
            from={params.filters.from}
            to={params.filters.to}
            onChange={({ from, to }) => setParams({ filters: { from, to } })}
          />
        </>
      )}
    >
      <Dialog
        title={open ? `${actionLabel(trans, open.action)} — ${open.target_label ?? ''}` : ''}
        size="lg"
        isOpen={open !== null}
        onOpenChange={(o) => !o && setOpen(null)}
      >
        {open && (
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-label={trans('Before')}>
              <h3 className="mb-2 text-sm font-semibold">{trans('Before')}</h3>
              <pre className="max-h-96 overflow-auto rounded-theme bg-bg-alt p-3 text-xs">
                {JSON.stringify(open.before, null, 2) ?? '—'}
              </pre>
            </section>
            <section aria-label={trans('After')}>
              <h3 className="mb-2 text-sm font-semibold">{trans('After')}</h3>
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
