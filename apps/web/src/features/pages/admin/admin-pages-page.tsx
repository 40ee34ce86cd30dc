import type { CustomPageListItem } from '@zema/contracts/pages/pages-admin';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { formatDate } from '#src/lib/format';
import { currentLanguage, type TransFn, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { useAdminCustomPages } from '../api/admin-pages';
import { AUDIENCE_LABELS } from './labels';

const day = (iso: string) => formatDate(iso, currentLanguage());

const pageColumns = (trans: TransFn): DataTableColumn<CustomPageListItem>[] => [
  {
    id: 'page',
    header: trans('Page'),
    sortKey: 'title',
    hideable: false,
    cell: (p) => (
      <Link
        to={paths.adminCustomPage(p)}
        tabIndex={-1}
        className="flex min-w-0 flex-col rounded-sm outline-none hover:underline"
      >
        <span className="truncate font-medium text-fg">{p.title}</span>
        <span className="truncate text-xs text-muted">
          {/* i18n-ignore */}
          {`/pages/${p.slug}`}
        </span>
      </Link>
    ),
  },
  {
    id: 'status',
    header: trans('Status'),
    cell: (p) => (p.hidden ? trans('Hidden (draft)') : trans('Published')),
  },
  { id: 'audience', header: trans('Readers'), cell: (p) => trans(AUDIENCE_LABELS[p.audience]) },
  { id: 'updated_at', header: trans('Updated'), sortKey: 'updated_at', cell: (p) => day(p.updated_at) },
];

/** /admin/pages: the custom pages (privacy policy, terms, about…), searchable by title or address. */
export default function AdminPagesPage() {
  const { trans } = useTrans();
  const columns = useMemo(() => pageColumns(trans), [trans]);
  return (
    <AdminListPage
      title={trans('Pages')}
      description={trans(
        'Custom pages of the site: the privacy policy, the terms, about, and any other. Each has its address under /pages/.',
      )}
      storageKey="admin-custom-pages"
      columns={columns}
      useList={useAdminCustomPages}
      search={{ label: trans('Search pages'), placeholder: trans('Search by title or address') }}
      create={{ label: trans('New page'), to: paths.adminCustomPage('new') }}
      empty={trans('No custom pages yet.')}
    />
  );
}
