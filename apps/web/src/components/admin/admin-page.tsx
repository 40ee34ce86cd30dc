import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTrans } from '#src/lib/i18n';
import { usePageTitle } from '#src/lib/page-title';
import { paths } from '#src/lib/paths';
import { Card } from '#src/ui/card';

/** `label` is shown as it is: the caller translates it. */
export type Crumb = { label: string; to?: string };

export interface AdminPageProps {
  title: string;
  /** Trail above the title; the admin home is always first. */
  breadcrumbs?: Crumb[];
  description?: ReactNode;
  /** Buttons at the end of the header (create, export…). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every admin page: breadcrumbs, a title (also the document title), an optional line
 * of description, the page's actions, then its content. Later admin pages (uploads, billing,
 * appearance, radio) use it too.
 */
export function AdminPage({ title, breadcrumbs = [], description, actions, children }: AdminPageProps) {
  const { trans } = useTrans();
  usePageTitle(title);
  const trail: Crumb[] = [{ label: trans('Admin'), to: paths.admin() }, ...breadcrumbs];
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 md:px-8">
      <header className="flex flex-col gap-2">
        <nav aria-label={trans('Breadcrumbs')}>
          <ol className="flex flex-wrap items-center gap-1 text-xs text-muted">
            {trail.map((crumb, i) => (
              <li key={crumb.to ?? crumb.label} className="flex items-center gap-1">
                {i > 0 && <ChevronRight aria-hidden className="size-3" />}
                {crumb.to ? (
                  <Link
                    to={crumb.to}
                    className="rounded-sm hover:text-fg hover:underline focus-visible:outline-2 focus-visible:outline-primary"
                  >
                    {crumb.label}
                  </Link>
                ) : (
                  <span aria-current="page">{crumb.label}</span>
                )}
              </li>
            ))}
            {trail.length > 0 && (
              <li className="flex items-center gap-1">
                <ChevronRight aria-hidden className="size-3" />
                <span aria-current="page">{title}</span>
              </li>
            )}
          </ol>
        </nav>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold tracking-tight text-fg">{title}</h1>
            {description && <p className="mt-1 text-sm text-muted">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
        </div>
      </header>
      {children}
    </div>
  );
}

/** A card section inside an admin page: the app's one card, dense. */
export function AdminCard(props: { title?: string; children: ReactNode; actions?: ReactNode }) {
  return <Card {...props} size="md" stack={false} />;
}
