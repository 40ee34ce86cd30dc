import { CHANNEL_CONTENT_TYPES, HOME_CHANNEL_SLUG } from '@zema/contracts';
import type { AdminChannelRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { House, Rows3 } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteChannels } from '../api/delete-channels';
import { useAdminChannels } from '../api/list-admin-channels';
import { count, formatDay, plural, useCatalogueListProps } from '../components/admin-list';
import {
  CHANNEL_LAYOUT_LABELS,
  CHANNEL_RULE_LABELS,
  CHANNEL_TYPE_LABELS,
} from '../components/channel-labels';

const TYPES = [
  { id: 'any', label: 'Any content' },
  ...CHANNEL_CONTENT_TYPES.map((t) => ({ id: t, label: CHANNEL_TYPE_LABELS[t] })),
];

const columns: DataTableColumn<AdminChannelRow>[] = [
  {
    id: 'channel',
    header: 'Channel',
    sortKey: 'name',
    hideable: false,
    cell: (c) => (
      <Link
        to={paths.adminChannel(c)}
        tabIndex={-1}
        className="flex min-w-0 items-center gap-3 rounded-sm outline-none hover:underline"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-theme bg-hover">
          {c.slug === HOME_CHANNEL_SLUG ? (
            <House aria-label="Home channel" className="size-4 text-primary" />
          ) : (
            <Rows3 aria-hidden className="size-4 text-muted" />
          )}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{c.name}</span>
          <span className="truncate text-xs text-muted">/channel/{c.slug}</span>
        </span>
      </Link>
    ),
  },
  { id: 'type', header: 'Content', cell: (c) => CHANNEL_TYPE_LABELS[c.config.contentType] },
  {
    id: 'rule',
    header: 'Filled by',
    cell: (c) =>
      c.config.rule === 'manual'
        ? `${CHANNEL_RULE_LABELS.manual} (${count(c.items_count)})`
        : CHANNEL_RULE_LABELS[c.config.rule],
  },
  { id: 'layout', header: 'Layout', cell: (c) => CHANNEL_LAYOUT_LABELS[c.config.layout] },
  { id: 'limit', header: 'Per page', cell: (c) => count(c.config.limit) },
  { id: 'updated_at', header: 'Updated', sortKey: 'updated_at', cell: (c) => formatDay(c.updated_at) },
];

/** /admin/channels: the rows of the home page and every other channel, searchable by name or address. */
export default function AdminChannelsPage() {
  const catalogue = useCatalogueListProps<AdminChannelRow>({
    noun: ['channel', 'channels'],
    base: paths.adminChannels(),
    useDelete: useDeleteChannels,
    deleteWarning: (rows) => {
      const one = rows.length === 1;
      const chosen = rows.reduce((n, r) => n + (r.config.rule === 'manual' ? r.items_count : 0), 0);
      const home = rows.some((r) => r.slug === HOME_CHANNEL_SLUG);
      return (
        <>
          {home && 'The home page channel cannot be deleted: leave it out. '}
          {chosen > 0
            ? `${one ? 'Its' : 'Their'} list of ${plural(chosen, 'chosen item', 'chosen items')} goes with ${one ? 'it' : 'them'}; the items stay in the catalogue.`
            : 'The items shown stay in the catalogue.'}{' '}
          Channels showing {one ? 'it' : 'them'} as a row lose that row, and a homepage set to{' '}
          {one ? 'it' : 'one of them'} falls back to the default home channel.
        </>
      );
    },
  });
  return (
    <AdminListPage
      {...catalogue}
      title="Channels"
      description="Curated rows and pages of the player: chosen by hand or filled by a rule. The home page is a channel too."
      exportPath={catalogueManager.exportChannels.path}
      columns={columns}
      filterKeys={['type']}
      useList={useAdminChannels}
      filters={({ params, setFilter }) => (
        <Select
          aria-label="Content type"
          className="w-44"
          items={TYPES}
          selectedKey={params.filters.type ?? 'any'}
          onSelectionChange={(k) => setFilter('type', String(k))}
        />
      )}
    />
  );
}
