import { Search } from 'lucide-react';
import { lazy, Suspense, startTransition, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { cx, fieldFocusRing } from '#src/ui/cx';

/** Once loaded, later navbars (another page's layout) show the real box straight away. */
let reachedFor = false;

const NavbarSearch = lazy(() => import('./navbar-search').then((m) => ({ default: m.NavbarSearch })));

const inputClass =
  'h-10 w-full min-w-0 rounded-full border border-divider bg-bg-alt pr-9 pl-9 text-sm text-fg outline-none transition-colors placeholder:text-muted hover:border-muted focus:border-primary ' +
  fieldFocusRing;

/**
 * The navbar search box, in two steps. Every player page shows it, but the combo box with instant
 * results (React Aria ComboBox, ListBox, Popover) weighs ~17 kB gzipped: a plain search field
 * stands in until the user reaches for it (pointer over it, focus, typing), then the real one
 * takes its place with the text kept. Enter in the stand-in already opens the search page, so
 * nothing depends on the chunk having arrived.
 *
 * Keyboard users must not lose their place: the chunk loads in a transition, so the stand-in they
 * are typing into stays mounted (a Suspense fallback would be a second stand-in, and focus would
 * fall to <body>), and the real box takes focus only if the stand-in still has it when the box
 * arrives; someone who has tabbed on meanwhile is not pulled back.
 */
export function DeferredNavbarSearch({ className }: { className?: string }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const [active, setActiveState] = useState(reachedFor);
  const activate = () => {
    if (active) return;
    reachedFor = true;
    startTransition(() => setActiveState(true));
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
          if (q) navigate(paths.search(q));
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
            activate();
          }}
          onFocus={() => {
            setFocused(true);
            activate();
          }}
          onBlur={() => setFocused(false)}
          onPointerEnter={activate}
          className={inputClass}
        />
      </form>
    </search>
  );

  return (
    // The boundary is there from the start, so the transition keeps the stand-in on screen; its
    // fallback only shows when a later navbar mounts before the chunk has arrived.
    <Suspense fallback={standIn}>
      {active ? <NavbarSearch className={className} initialValue={value} autoFocus={focused} /> : standIn}
    </Suspense>
  );
}
