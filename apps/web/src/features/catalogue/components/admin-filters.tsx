import { msg } from '@zema/contracts';
import type { AdminAlbumRow, AdminArtistRow, AdminGenreRow } from '@zema/contracts/admin';
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTrans } from '#src/lib/i18n';
import { SearchableSelect, type SelectOption } from '#src/ui/select';
import { useAdminAlbums } from '../api/list-admin-albums';
import { useAdminArtists } from '../api/list-admin-artists';
import { useAdminGenres } from '../api/list-admin-genres';
import { useSearch } from './admin-fields';

/**
 * The catalogue tables' filters by artist, album or genre: a search-as-you-type picker whose
 * choice is an id in the URL (`?artist=12`). After a reload the URL holds only the id, so the
 * picker asks its list for that one row (`?ids=12`) to show the name again.
 */

type Kind = 'artist' | 'album' | 'genre';
type Row = { id: number };
type UseList<T> = (query: Record<string, string>, enabled?: boolean) => { data?: { data: T[] } };

const KINDS = {
  artist: {
    label: msg('Artist'),
    any: msg('Any artist'),
    clear: msg('Clear the artist filter'),
    useList: useAdminArtists as UseList<AdminArtistRow>,
    name: (r: AdminArtistRow) => r.name,
    detail: (_: AdminArtistRow) => undefined,
  },
  album: {
    label: msg('Album'),
    any: msg('Any album'),
    clear: msg('Clear the album filter'),
    useList: useAdminAlbums as UseList<AdminAlbumRow>,
    name: (r: AdminAlbumRow) => r.name,
    // Two albums may share a name; their artists tell them apart.
    detail: (r: AdminAlbumRow) => r.artists.map((a) => a.name).join(', ') || undefined,
  },
  genre: {
    label: msg('Genre'),
    any: msg('Any genre'),
    clear: msg('Clear the genre filter'),
    useList: useAdminGenres as UseList<AdminGenreRow>,
    name: (r: AdminGenreRow) => r.display_name,
    detail: (_: AdminGenreRow) => undefined,
  },
} as const;

export function CatalogueFilterPicker({
  kind,
  value,
  onChange,
  className = 'w-full sm:w-52',
}: {
  kind: Kind;
  /** The id in the URL, or undefined for "any". */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  className?: string;
}) {
  const { trans } = useTrans();
  const k = KINDS[kind] as unknown as {
    label: string;
    any: string;
    clear: string;
    useList: UseList<Row>;
    name: (r: Row) => string;
    detail: (r: Row) => string | undefined;
  };
  const search = useSearch(k.useList, k.name);
  const fetched = k.useList({ ids: value ?? '' }, Boolean(value)).data?.data[0];
  const chosen = fetched && String(fetched.id) === value ? fetched : undefined;
  // The field names the chosen item. A choice names itself; a URL that changed by itself (a
  // reload, back, "Clear filters") gets the name once it has come. Only then is the text set: a
  // focused combo box opens its list whenever its text changes.
  const { setText } = search;
  const lastValue = useRef(value);
  const picked = useRef<string | undefined>(undefined);
  const needsName = useRef(Boolean(value));
  useEffect(() => {
    if (value !== lastValue.current) {
      lastValue.current = value;
      needsName.current = Boolean(value) && value !== picked.current;
      if (!value) setText('');
      picked.current = undefined;
    }
    if (needsName.current && chosen) {
      needsName.current = false;
      setText(k.name(chosen));
    }
  }, [value, chosen, k, setText]);

  const items = useMemo<(SelectOption & { id: number })[]>(() => {
    const found = search.options.map((o) => ({ id: o.id, label: o.label, description: k.detail(o.row) }));
    return chosen && !found.some((o) => o.id === chosen.id)
      ? [{ id: chosen.id, label: k.name(chosen), description: k.detail(chosen) }, ...found]
      : found;
  }, [search.options, chosen, k]);

  return (
    <div className={`relative flex items-center ${className}`}>
      <SearchableSelect
        isRemote
        menuTrigger="input"
        aria-label={trans(k.label)}
        placeholder={trans(k.any)}
        className="w-full"
        inputClassName={value ? 'pr-16' : undefined}
        items={items}
        inputValue={search.text}
        onInputChange={search.setText}
        selectedKey={value ? Number(value) : null}
        onSelectionChange={(key) => {
          // A field emptied and left is "any" again.
          if (key === null || !search.text.trim()) {
            if (value) onChange(undefined);
            return;
          }
          const option = items.find((o) => o.id === key);
          if (option) {
            picked.current = String(key);
            setText(option.label);
          }
          // Leaving the field re-commits the same choice: the list stays on its page.
          if (String(key) !== value) onChange(String(key));
        }}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange(undefined)}
          aria-label={trans(k.clear)}
          className="absolute right-9 flex size-6 items-center justify-center rounded-full text-muted outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary"
        >
          <X aria-hidden className="size-3.5" />
        </button>
      )}
    </div>
  );
}
