import { useEffect, useState } from 'react';
import { cx, nativeFocusRing } from '#src/ui/cx';

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

  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<string, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) visible.set(entry.target.id, entry.boundingClientRect.top);
          else visible.delete(entry.target.id);
        }
        // The topmost panel in the upper part of the viewport is the current one.
        const first = items.find((item) => visible.has(item.id));
        if (first) setActive(first.id);
      },
      { rootMargin: '-80px 0px -55% 0px' },
    );
    for (const item of items) {
      const el = document.getElementById(item.id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [items]);

  return (
    <nav aria-label="Account settings sections" className="sticky top-6">
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
                nativeFocusRing,
              )}
            >
              {item.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
