import { msg } from '@zema/contracts';
import type { AdminTrackRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { Music } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { formatDuration } from '#src/lib/format';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { Select } from '#src/ui/select';
import { useDeleteTracks } from '../api/delete-tracks';
import { useAdminTracks } from '../api/list-admin-tracks';
import { CatalogueFilterPicker } from '../components/admin-filters';
import {
  type CatalogueListMessages,
  count,
  formatDay,
  sum,
  useCatalogueListProps,
} from '../components/admin-list';

const MESSAGES: CatalogueListMessages = {
  search: msg('Search tracks by name'),
  searchPlaceholder: msg('Search tracks'),
  create: msg('New track'),
  noMatch: msg('No tracks match'),
  deleteMany: msg('{count, plural, one {Delete # track?} other {Delete # tracks?}}'),
};

const AUDIO = [
  { id: 'any', label: msg('With or without audio') },
  { id: 'true', label: msg('Has audio') },
  { id: 'false', label: msg('No audio file') },
];

const columnsOf = (trans: TransFn): DataTableColumn<AdminTrackRow>[] => [
  {
    id: 'track',
    header: trans('Track'),
    sortKey: 'name',
    hideable: false,
    cell: (t) => (
      <Link
        to={paths.adminTrack(t)}
        tabIndex={-1}
        className="flex min-w-0 items-center gap-3 rounded-sm outline-none hover:underline"
      >
        <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded bg-hover">
          {t.image ? (
            <img src={t.image} alt="" className="size-full object-cover" />
          ) : (
            <Music aria-hidden className="size-4 text-muted" />
          )}
        </span>
        <span className="flex min-w-0 flex-col">
          <span className="truncate font-medium text-fg">
            {t.name}
            {t.explicit && (
              <span
                className="ms-2 rounded-sm bg-hover px-1 text-[10px] font-bold text-muted"
                title={trans('Explicit')}
              >
                {/* i18n-ignore */}E
              </span>
            )}
          </span>
          <span className="truncate text-xs text-muted">{t.artists.map((a) => a.name).join(', ')}</span>
        </span>
      </Link>
    ),
  },
  { id: 'album', header: trans('Album'), cell: (t) => t.album?.name ?? '—' },
  {
    id: 'duration',
    header: trans('Length'),
    sortKey: 'duration',
    cell: (t) => formatDuration(Math.round(t.duration_ms / 1000)),
  },
  {
    id: 'audio',
    header: trans('Audio'),
    cell: (t) =>
      t.format ? (
        <span className="rounded-full border border-divider px-2 py-0.5 text-xs uppercase">{t.format}</span>
      ) : (
        <span className="text-xs text-muted">{trans('None')}</span>
      ),
  },
  { id: 'plays', header: trans('Plays'), sortKey: 'plays', cell: (t) => count(t.plays) },
  {
    id: 'created_at',
    header: trans('Added'),
    sortKey: 'created_at',
    cell: (t) => formatDay(t.created_at),
  },
];

/** /admin/tracks: every track (100 000 on a large catalogue), searchable, filterable and sortable. */
export default function AdminTracksPage() {
  const { trans } = useTrans();
  const columns = useMemo(() => columnsOf(trans), [trans]);
  const audio = useMemo(() => AUDIO.map((a) => ({ ...a, label: trans(a.label) })), [trans]);
  const catalogue = useCatalogueListProps<AdminTrackRow>({
    name: 'tracks',
    messages: MESSAGES,
    base: paths.adminTracks(),
    useDelete: useDeleteTracks,
    deleteWarning: (rows) => {
      const playlists = sum(rows, (r) => r.playlists_count);
      return playlists
        ? trans(
            'Their audio files, likes and play history go with them, and they leave {count, plural, one {# playlist entry} other {# playlist entries}}.',
            { count: playlists },
          )
        : trans('Their audio files, likes and play history go with them.');
    },
  });
  return (
    <AdminListPage
      {...catalogue}
      title={trans('Tracks')}
      description={trans('Every track: open one to edit its credits or replace its audio file.')}
      exportPath={catalogueManager.exportTracks.path}
      columns={columns}
      filterKeys={['audio', 'artist', 'album', 'genre']}
      useList={useAdminTracks}
      filters={({ params, setFilter }) => (
        <>
          <CatalogueFilterPicker
            kind="artist"
            value={params.filters.artist}
            onChange={(id) => setFilter('artist', id)}
          />
          <CatalogueFilterPicker
            kind="album"
            value={params.filters.album}
            onChange={(id) => setFilter('album', id)}
          />
          <CatalogueFilterPicker
            kind="genre"
            value={params.filters.genre}
            onChange={(id) => setFilter('genre', id)}
          />
          <Select
            aria-label={trans('Audio file')}
            className="w-52"
            items={audio}
            selectedKey={params.filters.audio ?? 'any'}
            onSelectionChange={(k) => setFilter('audio', String(k))}
          />
        </>
      )}
    />
  );
}
