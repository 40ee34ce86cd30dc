import { msg } from '@zema/contracts';
import type { AdminArtistRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { BadgeCheck, UserRound } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteArtists } from '../api/delete-artists';
import { useAdminArtists } from '../api/list-admin-artists';
import { CatalogueFilterPicker } from '../components/admin-filters';
import {
  type CatalogueListMessages,
  count,
  formatDay,
  sum,
  useCatalogueListProps,
} from '../components/admin-list';

const MESSAGES: CatalogueListMessages = {
  search: msg('Search artists by name'),
  searchPlaceholder: msg('Search artists'),
  create: msg('New artist'),
  noMatch: msg('No artists match'),
  deleteMany: msg('{count, plural, one {Delete # artist?} other {Delete # artists?}}'),
};

const VERIFIED = [
  { id: 'any', label: msg('Any badge') },
  { id: 'true', label: msg('Verified') },
  { id: 'false', label: msg('Not verified') },
];

const columnsOf = (trans: TransFn): DataTableColumn<AdminArtistRow>[] => [
  {
    id: 'artist',
    header: trans('Artist'),
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
        {a.verified && <BadgeCheck aria-label={trans('Verified')} className="size-4 shrink-0 text-primary" />}
      </Link>
    ),
  },
  { id: 'genres', header: trans('Genres'), cell: (a) => a.genres.map((g) => g.display_name).join(', ') },
  { id: 'albums', header: trans('Albums'), cell: (a) => count(a.albums_count) },
  { id: 'tracks', header: trans('Tracks'), cell: (a) => count(a.tracks_count) },
  { id: 'plays', header: trans('Plays'), sortKey: 'plays', cell: (a) => count(a.plays) },
  {
    id: 'created_at',
    header: trans('Added'),
    sortKey: 'created_at',
    cell: (a) => formatDay(a.created_at),
  },
];

/** /admin/artists: every artist, searchable, with what deleting one would touch. */
export default function AdminArtistsPage() {
  const { trans } = useTrans();
  const columns = useMemo(() => columnsOf(trans), [trans]);
  const verified = useMemo(() => VERIFIED.map((v) => ({ ...v, label: trans(v.label) })), [trans]);
  const catalogue = useCatalogueListProps<AdminArtistRow>({
    name: 'artists',
    messages: MESSAGES,
    base: paths.adminArtists(),
    useDelete: useDeleteArtists,
    deleteWarning: (rows) =>
      trans(
        'Their likes and follows go with them. Their {albums, plural, one {# album} other {# albums}} and {tracks, plural, one {# track} other {# tracks}} stay in the catalogue without this credit.',
        { albums: sum(rows, (r) => r.albums_count), tracks: sum(rows, (r) => r.tracks_count) },
      ),
  });
  return (
    <AdminListPage
      {...catalogue}
      title={trans('Artists')}
      description={trans("The catalogue's artists: search, open one to edit its profile, or add a new one.")}
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
            aria-label={trans('Verified badge')}
            className="w-40"
            items={verified}
            selectedKey={params.filters.verified ?? 'any'}
            onSelectionChange={(k) => setFilter('verified', String(k))}
          />
        </>
      )}
    />
  );
}
