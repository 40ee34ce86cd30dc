import type { AdminArtistRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { BadgeCheck, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteArtists } from '../api/delete-artists';
import { useAdminArtists } from '../api/list-admin-artists';
import { CatalogueFilterPicker } from '../components/admin-filters';
import { count, formatDay, plural, sum, useCatalogueListProps } from '../components/admin-list';

const VERIFIED = [
  { id: 'any', label: 'Any badge' },
  { id: 'true', label: 'Verified' },
  { id: 'false', label: 'Not verified' },
];

const columns: DataTableColumn<AdminArtistRow>[] = [
  {
    id: 'artist',
    header: 'Artist',
    sortKey: 'name',
    hideable: false,
    cell: (a) => (
      <Link
        to={paths.adminArtist(a)}
        tabIndex={-1}
        className="flex min-w-0 items-center gap-3 rounded-sm outline-none hover:underline"
      >
        <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-hover">
          {a.image_small ? (
            <img src={a.image_small} alt="" className="size-full object-cover" />
          ) : (
            <UserRound aria-hidden className="size-4 text-muted" />
          )}
        </span>
        <span className="truncate font-medium text-fg">{a.name}</span>
        {a.verified && <BadgeCheck aria-label="Verified" className="size-4 shrink-0 text-primary" />}
      </Link>
    ),
  },
  { id: 'genres', header: 'Genres', cell: (a) => a.genres.map((g) => g.display_name).join(', ') },
  { id: 'albums', header: 'Albums', cell: (a) => count(a.albums_count) },
  { id: 'tracks', header: 'Tracks', cell: (a) => count(a.tracks_count) },
  { id: 'plays', header: 'Plays', sortKey: 'plays', cell: (a) => count(a.plays) },
  { id: 'created_at', header: 'Added', sortKey: 'created_at', cell: (a) => formatDay(a.created_at) },
];

/** /admin/artists: every artist, searchable, with what deleting one would touch. */
export default function AdminArtistsPage() {
  const catalogue = useCatalogueListProps<AdminArtistRow>({
    noun: ['artist', 'artists'],
    base: paths.adminArtists(),
    useDelete: useDeleteArtists,
    deleteWarning: (rows) =>
      `Their likes and follows go with them. Their ${plural(
        sum(rows, (r) => r.albums_count),
        'album',
        'albums',
      )} and ${plural(
        sum(rows, (r) => r.tracks_count),
        'track',
        'tracks',
      )} stay in the catalogue without this credit.`,
  });
  return (
    <AdminListPage
      {...catalogue}
      title="Artists"
      description="The catalogue's artists: search, open one to edit its profile, or add a new one."
      exportPath={catalogueManager.exportArtists.path}
      columns={columns}
      filterKeys={['verified', 'genre']}
      useList={useAdminArtists}
      filters={({ params, setFilter }) => (
        <>
          <CatalogueFilterPicker
            kind="genre"
            value={params.filters.genre}
            onChange={(id) => setFilter('genre', id)}
          />
          <Select
            aria-label="Verified badge"
            className="w-40"
            items={VERIFIED}
            selectedKey={params.filters.verified ?? 'any'}
            onSelectionChange={(k) => setFilter('verified', String(k))}
          />
        </>
      )}
    />
  );
}
