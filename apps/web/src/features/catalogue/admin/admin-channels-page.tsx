import { CHANNEL_CONTENT_TYPES, HOME_CHANNEL_SLUG, msg } from '@zema/contracts';
import type { AdminChannelRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { House, Rows3 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteChannels } from '../api/delete-channels';
import { useAdminChannels } from '../api/list-admin-channels';
import {
  type CatalogueListMessages,
  count,
  formatDay,
  useCatalogueListProps,
} from '../components/admin-list';
import {
  CHANNEL_LAYOUT_LABELS,
  CHANNEL_RULE_LABELS,
  CHANNEL_TYPE_LABELS,
} from '../components/channel-labels';

const MESSAGES: CatalogueListMessages = {
  search: msg('Search channels by name'),
  searchPlaceholder: msg('Search channels'),
  create: msg('New channel'),
  noMatch: msg('No channels match'),
  deleteMany: msg('{count, plural, one {Delete # channel?} other {Delete # channels?}}'),
};

const TYPES = [
  { id: 'any', label: msg('Any content') },
  ...CHANNEL_CONTENT_TYPES.map((t) => ({ id: t, label: CHANNEL_TYPE_LABELS[t] })),
];

const columnsOf = (trans: TransFn): DataTableColumn<AdminChannelRow>[] => [
  {
    id: 'channel',
    header: trans('Channel'),
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
            <House aria-label={trans('Home channel')} className="size-4 text-primary" />
          ) : (
            <Rows3 aria-hidden className="size-4 text-muted" />
          )}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{c.name}</span>
          {/* i18n-ignore */}
          <span className="truncate text-xs text-muted">/channel/{c.slug}</span>
        </span>
      </Link>
    ),
  },
  { id: 'type', header: trans('Content'), cell: (c) => trans(CHANNEL_TYPE_LABELS[c.config.contentType]) },
  {
    id: 'rule',
    header: trans('Filled by'),
    cell: (c) =>
      c.config.rule === 'manual'
        ? trans('Chosen by hand ({count, number})', { count: c.items_count })
        : trans(CHANNEL_RULE_LABELS[c.config.rule]),
  },
  { id: 'layout', header: trans('Layout'), cell: (c) => trans(CHANNEL_LAYOUT_LABELS[c.config.layout]) },
  { id: 'limit', header: trans('Per page'), cell: (c) => count(c.config.limit) },
  {
    id: 'updated_at',
    header: trans('Updated'),
    sortKey: 'updated_at',
    cell: (c) => formatDay(c.updated_at),
  },
];

/** /admin/channels: the rows of the home page and every other channel, searchable by name or address. */
export default function AdminChannelsPage() {
  const { trans } = useTrans();
  const columns = useMemo(() => columnsOf(trans), [trans]);
  const types = useMemo(() => TYPES.map((t) => ({ ...t, label: trans(t.label) })), [trans]);
  const catalogue = useCatalogueListProps<AdminChannelRow>({
    name: 'channels',
    messages: MESSAGES,
    base: paths.adminChannels(),
    useDelete: useDeleteChannels,
    deleteWarning: (rows) => {
      const one = rows.length === 1;
      const chosen = rows.reduce((n, r) => n + (r.config.rule === 'manual' ? r.items_count : 0), 0);
      const home = rows.some((r) => r.slug === HOME_CHANNEL_SLUG);
      // Whole sentences, each for one row or several.
      const sentences = [
        home && trans('The home page channel cannot be deleted: leave it out.'),
        chosen > 0
          ? one
            ? trans(
                'Its list of {count, plural, one {# chosen item} other {# chosen items}} goes with it; the items stay in the catalogue.',
                { count: chosen },
              )
            : trans(
                'Their list of {count, plural, one {# chosen item} other {# chosen items}} goes with them; the items stay in the catalogue.',
                { count: chosen },
              )
          : trans('The items shown stay in the catalogue.'),
        one
          ? trans(
              'Channels showing it as a row lose that row, and a homepage set to it falls back to the default home channel.',
            )
          : trans(
              'Channels showing them as a row lose that row, and a homepage set to one of them falls back to the default home channel.',
            ),
      ];
      return sentences.filter(Boolean).join(' ');
    },
  });
  return (
    <AdminListPage
      {...catalogue}
      title={trans('Channels')}
      description={trans(
        'Curated rows and pages of the player: chosen by hand or filled by a rule. The home page is a channel too.',
      )}
      exportPath={catalogueManager.exportChannels.path}
      columns={columns}
      filterKeys={['type']}
      useList={useAdminChannels}
      filters={({ params, setFilter }) => (
        <Select
          aria-label={trans('Content type')}
          className="w-44"
          items={types}
          selectedKey={params.filters.type ?? 'any'}
          onSelectionChange={(k) => setFilter('type', String(k))}
        />
      )}
    />
  );
}
