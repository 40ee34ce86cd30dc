import type { CustomPageListItem } from '@zema/contracts/pages/pages-admin';
import { Link } from 'react-router';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { formatDate } from '#src/lib/format';
import { currentLanguage } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import type { DataTableColumn } from '#src/ui/data-table';
import { useAdminCustomPages } from '../api/admin-pages';
import { AUDIENCE_LABELS } from './labels';

const day = (iso: string) => formatDate(iso, currentLanguage());

const columns: DataTableColumn<CustomPageListItem>[] = [
  {
    id: 'page',
    header: 'Page',
    sortKey: 'title',
    hideable: false,
    cell: (p) => (
      <Link
        to={paths.adminCustomPage(p)}
        tabIndex={-1}
        className="flex min-w-0 flex-col rounded-sm outline-none hover:underline"
      >
        <span className="truncate font-medium text-fg">{p.title}</span>
        <span className="truncate text-xs text-muted">/pages/{p.slug}</span>
      </Link>
    ),
  },
  { id: 'status', header: 'Status', cell: (p) => (p.hidden ? 'Hidden (draft)' : 'Published') },
  { id: 'audience', header: 'Readers', cell: (p) => AUDIENCE_LABELS[p.audience] },
  { id: 'updated_at', header: 'Updated', sortKey: 'updated_at', cell: (p) => day(p.updated_at) },
];

/** /admin/pages: the custom pages (privacy policy, terms, about…), searchable by title or address. */
export default function AdminPagesPage() {
  return (
    <AdminListPage
      title="Pages"
      description="Custom pages of the site: the privacy policy, the terms, about, and any other. Each has its address under /pages/."
      storageKey="admin-custom-pages"
      columns={columns}
      useList={useAdminCustomPages}
      search={{ label: 'Search pages', placeholder: 'Search by title or address' }}
      create={{ label: 'New page', to: paths.adminCustomPage('new') }}
      empty="No custom pages yet."
    />
  );
}
