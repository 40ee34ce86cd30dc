import { Search } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { searchUrl } from '../lib/result-urls';

/** Once loaded, later navbars (another page's layout) show the real box straight away. */
let reachedFor = false;

const NavbarSearch = lazy(() => import('./navbar-search').then((m) => ({ default: m.NavbarSearch })));

const inputClass =
  'h-10 w-full min-w-0 rounded-full border border-divider bg-bg-alt pr-9 pl-9 text-sm text-fg outline-none transition-colors placeholder:text-muted hover:border-muted focus:border-primary focus:outline-2 focus:-outline-offset-1 focus:outline-focus';

/**
 * The navbar search box, in two steps. Every player page shows it, but the combo box with instant
 * results (React Aria ComboBox, ListBox, Popover) weighs ~17 kB gzipped: a plain search field
 * stands in until the user reaches for it (pointer over it, focus, typing), then the real one
 * takes its place with the text and focus kept. Enter in the stand-in already opens the search
 * page, so nothing depends on the chunk having arrived.
 */
export function DeferredNavbarSearch({ className }: { className?: string }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [active, setActiveState] = useState(reachedFor);
  const setActive = (value: boolean) => {
    reachedFor ||= value;
    setActiveState(value);
  };
  const [value, setValue] = useState('');
  const [focused, setFocused] = useState(false);
  const placeholder = trans('Search artists, albums, tracks...');

  const standIn = (
    <search className={cx('relative w-full max-w-md', className)}>
      <form
        className="relative flex items-center"
        onSubmit={(e) => {
          e.preventDefault();
          const q = value.trim();
          if (q) navigate(searchUrl(q));
        }}
      >
        <Search aria-hidden="true" className="pointer-events-none absolute left-3 size-4 text-muted" />
        <input
          type="search"
          aria-label={trans('Search')}
          placeholder={placeholder}
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setActive(true);
          }}
          onFocus={() => {
            setFocused(true);
            setActive(true);
          }}
          onPointerEnter={() => setActive(true)}
          className={inputClass}
        />
      </form>
    </search>
  );

  if (!active) return standIn;
  return (
    <Suspense fallback={standIn}>
      <NavbarSearch className={className} initialValue={value} autoFocus={focused} />
    </Suspense>
  );
}
