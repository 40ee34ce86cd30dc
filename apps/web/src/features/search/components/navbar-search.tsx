import { msg, type SearchResponse, type SearchType } from '@zema/contracts';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useContext, useLayoutEffect, useRef, useState } from 'react';
import {
  Collection,
  ComboBox,
  ComboBoxStateContext,
  Header,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  ListBoxSection,
  Popover,
  Text,
} from 'react-aria-components';
import { useNavigate } from 'react-router';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { paths, searchResultPath } from '#src/lib/paths';
import { cx, fieldFocusRing, insetFocusRing } from '#src/ui/cx';
import { popoverClass } from '#src/ui/popover';
import { Spinner } from '#src/ui/spinner';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useSearch } from '../api/search';

/** Instant results wait for this pause in typing. */
export const INSTANT_SEARCH_DELAY_MS = 250;
/** Results per type in the dropdown. */
export const INSTANT_SEARCH_PER_TYPE = 3;

const SECTIONS: { type: SearchType; title: string }[] = [
  { type: 'artist', title: msg('Artists') },
  { type: 'album', title: msg('Albums') },
  { type: 'track', title: msg('Tracks') },
  { type: 'playlist', title: msg('Playlists') },
  { type: 'user', title: msg('Users') },
];

interface ResultItem {
  id: string;
  type: SearchType;
  title: string;
  subtitle: string;
  image: string | null;
  href: string;
}

function toItems(data: SearchResponse | undefined, type: SearchType, trans: TransFn): ResultItem[] {
  const r = data?.results;
  const key = (id: number) => `${type}-${id}`;
  switch (type) {
    case 'artist':
      return (r?.artist?.data ?? []).map((a) => ({
        id: key(a.id),
        type,
        title: a.name,
        subtitle: trans('Artist'),
        image: a.image_small,
        href: searchResultPath(type, a),
      }));
    case 'album':
      return (r?.album?.data ?? []).map((a) => ({
        id: key(a.id),
        type,
        title: a.name,
        subtitle: a.artists.map((x) => x.name).join(', '),
        image: a.image,
        href: searchResultPath(type, a),
      }));
    case 'track':
      return (r?.track?.data ?? []).map((t) => ({
        id: key(t.id),
        type,
        title: t.name,
        subtitle: t.artists.map((x) => x.name).join(', '),
        image: t.image,
        href: searchResultPath(type, t),
      }));
    case 'playlist':
      return (r?.playlist?.data ?? []).map((p) => ({
        id: key(p.id),
        type,
        title: p.name,
        subtitle: p.owner.display_name,
        image: p.image,
        href: searchResultPath(type, p),
      }));
    case 'user':
      return (r?.user?.data ?? []).map((u) => ({
        id: key(u.id),
        type,
        title: u.display_name,
        subtitle: trans('User'),
        image: u.avatar,
        href: searchResultPath(type, u),
      }));
  }
}

/**
 * The navbar's search box: results grouped by type appear as you type (after a short pause);
 * arrow keys move through them and Enter opens one, or, with none highlighted, the full search
 * page at /search/{query}.
 */
export function NavbarSearch({
  className,
  initialValue = '',
  autoFocus = false,
}: {
  className?: string;
  /** What was typed into the light stand-in before this component loaded. */
  initialValue?: string;
  autoFocus?: boolean;
}) {
  const { trans } = useTrans();
  const [inputValue, setInputValue] = useState(initialValue);
  const query = useDebouncedValue(inputValue.trim(), INSTANT_SEARCH_DELAY_MS);
  const search = useSearch({ query, perPage: INSTANT_SEARCH_PER_TYPE }, { instant: true });
  // A failed search (the server is busy: 503) keeps the last results on screen instead of "no
  // results"; typing on asks again.
  const lastResults = useRef<SearchResponse | undefined>(undefined);
  if (search.isSuccess && !search.isPlaceholderData) lastResults.current = search.data;
  const data = query ? (search.isError ? lastResults.current : search.data) : undefined;
  const busy = search.isError && !data;
  const sections = SECTIONS.map((s) => ({ ...s, items: toItems(data, s.type, trans) })).filter(
    (s) => s.items.length,
  );
  const isLoading = inputValue.trim() !== '' && (inputValue.trim() !== query || search.isFetching);

  return (
    // The search landmark lets screen reader users jump straight to it.
    <search className={cx('relative w-full max-w-md', className)}>
      <ComboBox
        aria-label={trans('Search')}
        className="relative w-full"
        inputValue={inputValue}
        onInputChange={setInputValue}
        allowsCustomValue
        allowsEmptyCollection
        menuTrigger="input"
        // Every option is a link: choosing one navigates, so the text stays what was typed.
        selectedKey={null}
      >
        <Label className="sr-only">{trans('Search')}</Label>
        <div className="relative flex items-center">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-muted" />
          <SearchInput
            placeholder={trans('Search artists, albums, tracks...')}
            onSubmit={(q) => setInputValue(q)}
            autoFocus={autoFocus}
          />
          {isLoading && <Spinner size="xs" label={trans('Searching')} className="absolute right-3" />}
        </div>
        <Popover
          placement="bottom start"
          offset={6}
          className={cx(popoverClass, 'w-(--trigger-width) min-w-72 max-w-[calc(100vw-1rem)] overflow-auto')}
          maxHeight={520}
        >
          <ListBox
            className="p-1.5 outline-none"
            items={sections}
            renderEmptyState={() => (
              <p className="px-3 py-4 text-sm text-muted">
                {isLoading
                  ? trans('Searching...')
                  : busy
                    ? trans('Search is busy. Please try again in a moment.')
                    : trans('No results for "{query}"', { query: inputValue.trim() })}
              </p>
            )}
          >
            {(section) => (
              <ListBoxSection id={section.type} className="pb-1">
                <Header className="px-2.5 pt-2 pb-1 text-xs font-semibold uppercase tracking-wide text-muted">
                  {trans(section.title)}
                </Header>
                <Collection items={section.items}>
                  {(item) => (
                    <ListBoxItem
                      id={item.id}
                      href={item.href}
                      textValue={item.title}
                      className={cx(
                        'flex cursor-pointer items-center gap-3 rounded-theme px-2.5 py-1.5 text-sm text-fg no-underline outline-none data-focused:bg-hover',
                        insetFocusRing,
                      )}
                    >
                      <ResultImage src={item.image} round={item.type === 'artist' || item.type === 'user'} />
                      <span className="flex min-w-0 flex-col">
                        <Text slot="label" className="truncate font-medium">
                          {item.title}
                        </Text>
                        <Text slot="description" className="truncate text-xs text-muted">
                          {item.subtitle}
                        </Text>
                      </span>
                    </ListBoxItem>
                  )}
                </Collection>
              </ListBoxSection>
            )}
          </ListBox>
        </Popover>
      </ComboBox>
    </search>
  );
}

function ResultImage({ src, round }: { src: string | null; round: boolean }) {
  const shape = round ? 'rounded-full' : 'rounded';
  if (!src) return <span aria-hidden="true" className={cx('size-10 shrink-0 bg-bg-alt', shape)} />;
  return <img src={src} alt="" aria-hidden="true" className={cx('size-10 shrink-0 object-cover', shape)} />;
}

/**
 * The input. Enter with no highlighted result opens the search page for the typed text; it is read
 * in the capture phase, before the combo box's own Enter handling closes the list.
 */
function SearchInput({
  placeholder,
  onSubmit,
  autoFocus,
}: {
  placeholder: string;
  onSubmit: (query: string) => void;
  autoFocus?: boolean;
}) {
  const state = useContext(ComboBoxStateContext);
  const navigate = useNavigate();
  const onKeyDownCapture = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'Enter' || !state) return;
    const query = state.inputValue.trim();
    if (!query || (state.isOpen && state.selectionManager.focusedKey != null)) return;
    e.preventDefault();
    e.stopPropagation();
    state.close();
    onSubmit(query);
    navigate(paths.search(query));
  };
  // Only when it replaces the stand-in the user is typing into, and in the same commit, so focus
  // never rests on <body>. A focus() rather than the autoFocus attribute: React Aria marks the
  // field focused (its ring) only for focus it sees arrive.
  const inputRef = useRef<HTMLInputElement>(null);
  const focusOnMount = useRef(autoFocus);
  useLayoutEffect(() => {
    if (focusOnMount.current) inputRef.current?.focus();
  }, []);
  return (
    <div className="contents" onKeyDownCapture={onKeyDownCapture}>
      <Input
        ref={inputRef}
        placeholder={placeholder}
        className={cx(
          'h-10 w-full min-w-0 rounded-full border border-divider bg-bg-alt pr-9 pl-9 text-sm text-fg outline-none transition-colors placeholder:text-muted data-hovered:border-muted data-focused:border-primary',
          fieldFocusRing,
        )}
      />
    </div>
  );
}
