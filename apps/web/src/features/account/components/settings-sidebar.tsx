import { useEffect, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';

export interface SidebarItem {
  id: string;
  label: string;
}

/** SPEC §2: large screens get a sidebar that scrolls to each panel and marks the one in view. */
export const SETTINGS_SIDEBAR_QUERY = '(min-width: 1024px)';

function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

export function SettingsSidebar({ items }: { items: SidebarItem[] }) {
  const [active, setActive] = useState(items[0]?.id ?? '');
  const { trans } = useTrans();

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const panels = items
        .map((item) => document.getElementById(item.id))
        .filter((el): el is HTMLElement => el !== null);
      const atBottom = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
      // The last panel whose top has passed the upper part of the screen; at the very bottom, the
      // last panel on screen (short final panels can never reach the top).
      const current = atBottom
        ? panels.filter((el) => el.getBoundingClientRect().top < window.innerHeight).at(-1)
        : panels.filter((el) => el.getBoundingClientRect().top <= 120).at(-1);
      if (current) setActive(current.id);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [items]);

  return (
    <nav aria-label={trans('Account settings sections')} className="sticky top-6">
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              aria-current={active === item.id ? 'location' : undefined}
              onClick={(event) => {
                const target = document.getElementById(item.id);
                if (!target) return;
                event.preventDefault();
                target.scrollIntoView({
                  behavior: prefersReducedMotion() ? 'auto' : 'smooth',
                  block: 'start',
                });
                window.history.replaceState(window.history.state, '', `#${item.id}`);
                setActive(item.id);
                // Keyboard users continue inside the panel they jumped to.
                target.focus({ preventScroll: true });
              }}
              className={cx(
                'block rounded-theme px-3 py-2 text-sm transition-colors',
                active === item.id
                  ? 'bg-hover font-semibold text-fg'
                  : 'text-muted hover:bg-hover hover:text-fg',
              )}
            >
              {trans(item.label)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
