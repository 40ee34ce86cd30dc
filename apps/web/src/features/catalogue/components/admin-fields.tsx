import type { ArtistRef } from '@zema/contracts';
import { X } from 'lucide-react';
import { type ComponentProps, useMemo, useState } from 'react';
import { ImageField as SharedImageField } from '#src/components/image-field';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { fieldDescriptionClass, fieldErrorClass } from '#src/ui/field';
import { SearchableSelect } from '#src/ui/select';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useAdminAlbums } from '../api/list-admin-albums';
import { useAdminArtists } from '../api/list-admin-artists';
import { useAdminGenres } from '../api/list-admin-genres';
import { uploadCatalogueImage } from '../api/upload-image';

/**
 * The catalogue forms' own fields: a picture uploaded on the spot (its URL goes into the form),
 * and pickers that search the server as you type (10 000 artists do not fit in a list).
 */

const SEARCH_DEBOUNCE_MS = 250;
// The pickers' lists open on typing or the chevron, not on focus: after a choice the field
// clears, and a list popping open again would cover the form under it.

/** A picture stored through the catalogue's image route. */
export function ImageField(props: Omit<ComponentProps<typeof SharedImageField>, 'upload'>) {
  return <SharedImageField {...props} upload={uploadCatalogueImage} />;
}

function Chip({ label, onRemove, note }: { label: string; onRemove: () => void; note?: string }) {
  const { trans } = useTrans();
  return (
    <li className="flex items-center gap-1 rounded-full border border-divider bg-bg py-0.5 ps-3 pe-1 text-sm">
      <span>{label}</span>
      {note && <span className="text-xs text-muted">{note}</span>}
      <button
        type="button"
        onClick={onRemove}
        aria-label={trans('Remove {name}', { name: label })}
        className="flex size-6 items-center justify-center rounded-full text-muted outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary"
      >
        <X aria-hidden className="size-3.5" />
      </button>
    </li>
  );
}

/** Search as you type over one admin list; answers options for SearchableSelect. */
export function useSearch<T extends { id: number }>(
  useList: (q: Record<string, string>) => { data?: { data: T[] } },
  label: (row: T) => string,
) {
  const [text, setText] = useState('');
  const query = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  const list = useList(
    query.trim() ? { query: query.trim(), sort: 'name', perPage: '15' } : { sort: 'name', perPage: '15' },
  );
  const rows = list.data?.data;
  // Nothing to offer before something is typed (see SearchableSelect's isRemote).
  const options = useMemo(
    () => (text.trim() ? (rows ?? []) : []).map((r) => ({ id: r.id, label: label(r), row: r })),
    [rows, label, text],
  );
  return { text, setText, options };
}

const artistLabel = (a: ArtistRef) => a.name;

/** Several artists in credit order (the first is the main artist); each added by search. */
export function ArtistsPicker({
  label,
  value,
  onChange,
  errorMessage,
}: {
  label: string;
  value: ArtistRef[];
  onChange: (artists: ArtistRef[]) => void;
  errorMessage?: string;
}) {
  const { trans } = useTrans();
  const search = useSearch(useAdminArtists, artistLabel);
  const chosen = new Set(value.map((a) => a.id));
  return (
    <div className="flex flex-col gap-2">
      <SearchableSelect
        isRemote
        menuTrigger="input"
        label={label}
        placeholder={trans('Search artists…')}
        items={search.options.filter((o) => !chosen.has(o.id))}
        inputValue={search.text}
        onInputChange={search.setText}
        selectedKey={null}
        onSelectionChange={(key) => {
          const option = search.options.find((o) => o.id === key);
          if (option) onChange([...value, option.row]);
          search.setText('');
        }}
        errorMessage={errorMessage}
        description={value.length > 1 ? trans('The first artist is the main one.') : undefined}
      />
      {value.length > 0 && (
        <ul aria-label={trans('Chosen artists')} className="flex flex-wrap gap-2">
          {value.map((a, i) => (
            <Chip
              key={a.id}
              label={a.name}
              note={i === 0 && value.length > 1 ? trans('main') : undefined}
              onRemove={() => onChange(value.filter((x) => x.id !== a.id))}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

export type AlbumChoice = { id: number; name: string };
const albumLabel = (a: AlbumChoice) => a.name;

/** One album (or none: a single track), by search. */
export function AlbumPicker({
  value,
  onChange,
  errorMessage,
}: {
  value: AlbumChoice | null;
  onChange: (album: AlbumChoice | null) => void;
  errorMessage?: string;
}) {
  const { trans } = useTrans();
  const search = useSearch(useAdminAlbums, albumLabel);
  const options =
    value && !search.options.some((o) => o.id === value.id)
      ? [{ id: value.id, label: value.name, row: value }, ...search.options]
      : search.options;
  return (
    <div className="flex items-end gap-2">
      <SearchableSelect
        isRemote
        menuTrigger="input"
        className="flex-1"
        label={trans('Album')}
        placeholder={trans('No album')}
        items={options}
        inputValue={search.text}
        onInputChange={search.setText}
        selectedKey={value?.id ?? null}
        onSelectionChange={(key) => {
          const option = options.find((o) => o.id === key);
          if (option) onChange({ id: option.row.id, name: option.row.name });
        }}
        onOpenChange={(open) => {
          // Shows the chosen album's name again when the list closes without a new choice.
          if (!open) search.setText(value?.name ?? '');
        }}
        errorMessage={errorMessage}
      />
      {value && (
        <Button
          variant="text"
          size="sm"
          className="mb-1"
          onPress={() => {
            onChange(null);
            search.setText('');
          }}
        >
          {trans('No album')}
        </Button>
      )}
    </div>
  );
}

const genreLabel = (g: { display_name: string }) => g.display_name;

/** Genres by name: an existing one from the search, or a new one typed and added with Enter. */
export function GenresPicker({ value, onChange }: { value: string[]; onChange: (names: string[]) => void }) {
  const { trans } = useTrans();
  const search = useSearch(useAdminGenres, genreLabel);
  const chosen = new Set(value.map((v) => v.toLowerCase()));
  const typed = search.text.trim();
  const options = search.options
    .filter((o) => !chosen.has(o.row.display_name.toLowerCase()))
    .map((o) => ({ id: o.row.display_name, label: o.label }));
  if (
    typed &&
    !chosen.has(typed.toLowerCase()) &&
    !options.some((o) => o.label.toLowerCase() === typed.toLowerCase())
  )
    options.unshift({ id: typed, label: trans('Add "{name}"', { name: typed }) });
  return (
    <div className="flex flex-col gap-2">
      <SearchableSelect
        isRemote
        menuTrigger="input"
        label={trans('Genres')}
        placeholder={trans('Search or add a genre…')}
        items={options}
        inputValue={search.text}
        onInputChange={search.setText}
        selectedKey={null}
        onSelectionChange={(key) => {
          if (key !== null) onChange([...value, String(key)]);
          search.setText('');
        }}
      />
      {value.length > 0 && (
        <ul aria-label={trans('Chosen genres')} className="flex flex-wrap gap-2">
          {value.map((g) => (
            <Chip key={g} label={g} onRemove={() => onChange(value.filter((x) => x !== g))} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** An error line under a group of fields (the server's 422 on a field that is not an input). */
export function FieldMessage({ error, description }: { error?: string; description?: string }) {
  if (error) return <p className={fieldErrorClass}>{error}</p>;
  return description ? <p className={fieldDescriptionClass}>{description}</p> : null;
}
