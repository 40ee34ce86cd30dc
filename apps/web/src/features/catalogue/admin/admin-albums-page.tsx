import { ALBUM_TYPES } from '@zema/contracts';
import type { AdminAlbumRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { Disc3 } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteAlbums } from '../api/delete-albums';
import { useAdminAlbums } from '../api/list-admin-albums';
import { CatalogueFilterPicker } from '../components/admin-filters';
import {
  ALBUM_TYPE_LABELS,
  count,
  formatDay,
  plural,
  sum,
  useCatalogueListProps,
} from '../components/admin-list';

const TYPES = [
  { id: 'any', label: 'Any type' },
  ...ALBUM_TYPES.map((t) => ({ id: t, label: ALBUM_TYPE_LABELS[t] })),
];

const columns: DataTableColumn<AdminAlbumRow>[] = [
  {
    id: 'album',
    header: 'Album',
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
  { id: 'type', header: 'Type', cell: (a) => ALBUM_TYPE_LABELS[a.type] },
  { id: 'tracks', header: 'Tracks', cell: (a) => count(a.tracks_count) },
  {
    id: 'release_date',
    header: 'Released',
    sortKey: 'release_date',
    cell: (a) => formatDay(a.release_date),
  },
  { id: 'plays', header: 'Plays', sortKey: 'plays', cell: (a) => count(a.plays) },
  {
    id: 'created_at',
    header: 'Added',
    sortKey: 'created_at',
    defaultHidden: true,
    cell: (a) => formatDay(a.created_at),
  },
];

/** /admin/albums: every album, searchable and filterable by artist, genre and type. */
export default function AdminAlbumsPage() {
  const catalogue = useCatalogueListProps<AdminAlbumRow>({
    noun: ['album', 'albums'],
    base: paths.adminAlbums(),
    useDelete: useDeleteAlbums,
    deleteWarning: (rows) =>
      `Their likes go with them. Their ${plural(
        sum(rows, (r) => r.tracks_count),
        'track',
        'tracks',
      )} stay in the catalogue as tracks without an album.`,
  });
  return (
    <AdminListPage
      {...catalogue}
      title="Albums"
      description="Albums, singles and EPs: open one to edit its cover, credits and track order."
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
            aria-label="Album type"
            className="w-40"
            items={TYPES}
            selectedKey={params.filters.type ?? 'any'}
            onSelectionChange={(k) => setFilter('type', String(k))}
          />
        </>
      )}
    />
  );
}
