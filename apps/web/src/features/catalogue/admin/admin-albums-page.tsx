import { ALBUM_TYPES, msg } from '@zema/contracts';
import type { AdminAlbumRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { Disc3 } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteAlbums } from '../api/delete-albums';
import { useAdminAlbums } from '../api/list-admin-albums';
import { CatalogueFilterPicker } from '../components/admin-filters';
import {
  ALBUM_TYPE_LABELS,
  type CatalogueListMessages,
  count,
  formatDay,
  sum,
  useCatalogueListProps,
} from '../components/admin-list';

const MESSAGES: CatalogueListMessages = {
  search: msg('Search albums by name'),
  searchPlaceholder: msg('Search albums'),
  create: msg('New album'),
  noMatch: msg('No albums match'),
  deleteMany: msg('{count, plural, one {Delete # album?} other {Delete # albums?}}'),
};

const TYPES = [
  { id: 'any', label: msg('Any type') },
  ...ALBUM_TYPES.map((t) => ({ id: t, label: ALBUM_TYPE_LABELS[t] })),
];

const columnsOf = (trans: TransFn): DataTableColumn<AdminAlbumRow>[] => [
  {
    id: 'album',
    header: trans('Album'),
    sortKey: 'name',
    hideable: false,
    cell: (a) => (
      <Link
        to={paths.adminAlbum(a)}
        tabIndex={-1}
        className="flex min-w-0 items-center gap-3 rounded-sm outline-none hover:underline"
      >
        <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded bg-hover">
          {a.image ? (
            <img src={a.image} alt="" className="size-full object-cover" />
          ) : (
            <Disc3 aria-hidden className="size-4 text-muted" />
          )}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">{a.name}</span>
          <span className="truncate text-xs text-muted">{a.artists.map((x) => x.name).join(', ')}</span>
        </span>
      </Link>
    ),
  },
  { id: 'type', header: trans('Type'), cell: (a) => trans(ALBUM_TYPE_LABELS[a.type]) },
  { id: 'tracks', header: trans('Tracks'), cell: (a) => count(a.tracks_count) },
  {
    id: 'release_date',
    header: trans('Released'),
    sortKey: 'release_date',
    cell: (a) => formatDay(a.release_date),
  },
  { id: 'plays', header: trans('Plays'), sortKey: 'plays', cell: (a) => count(a.plays) },
  {
    id: 'created_at',
    header: trans('Added'),
    sortKey: 'created_at',
    defaultHidden: true,
    cell: (a) => formatDay(a.created_at),
  },
];

/** /admin/albums: every album, searchable and filterable by artist, genre and type. */
export default function AdminAlbumsPage() {
  const { trans } = useTrans();
  const columns = useMemo(() => columnsOf(trans), [trans]);
  const types = useMemo(() => TYPES.map((t) => ({ ...t, label: trans(t.label) })), [trans]);
  const catalogue = useCatalogueListProps<AdminAlbumRow>({
    name: 'albums',
    messages: MESSAGES,
    base: paths.adminAlbums(),
    useDelete: useDeleteAlbums,
    deleteWarning: (rows) =>
      trans(
        'Their likes go with them. Their {count, plural, one {# track} other {# tracks}} stay in the catalogue as tracks without an album.',
        { count: sum(rows, (r) => r.tracks_count) },
      ),
  });
  return (
    <AdminListPage
      {...catalogue}
      title={trans('Albums')}
      description={trans('Albums, singles and EPs: open one to edit its cover, credits and track order.')}
      exportPath={catalogueManager.exportAlbums.path}
      columns={columns}
      filterKeys={['type', 'artist', 'genre']}
      useList={useAdminAlbums}
      filters={({ params, setFilter }) => (
        <>
          <CatalogueFilterPicker
            kind="artist"
            value={params.filters.artist}
            onChange={(id) => setFilter('artist', id)}
          />
          <CatalogueFilterPicker
            kind="genre"
            value={params.filters.genre}
            onChange={(id) => setFilter('genre', id)}
          />
          <Select
            aria-label={trans('Album type')}
            className="w-40"
            items={types}
            selectedKey={params.filters.type ?? 'any'}
            onSelectionChange={(k) => setFilter('type', String(k))}
          />
        </>
      )}
    />
  );
}
