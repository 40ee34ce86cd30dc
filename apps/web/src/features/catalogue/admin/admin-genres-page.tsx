import { zodResolver } from '@hookform/resolvers/zod';
import { msg, upsertGenreRequestSchema } from '@zema/contracts';
import type { AdminGenreRow } from '@zema/contracts/admin';
import { catalogueManager } from '@zema/contracts/catalogue/catalogue-manager.operations';
import { Tag } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AdminListPage } from '#src/components/admin/admin-list-page';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import type { DataTableColumn } from '#src/ui/data-table';
import { Dialog } from '#src/ui/dialog';
import { Form, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import { useDeleteGenres } from '../api/delete-genres';
import { useAdminGenres } from '../api/list-admin-genres';
import { useSaveGenre } from '../api/save-genre';
import { ImageField } from '../components/admin-fields';
import {
  type CatalogueListMessages,
  count,
  formatDay,
  sum,
  useCatalogueListProps,
} from '../components/admin-list';

const MESSAGES: CatalogueListMessages = {
  search: msg('Search genres by name'),
  searchPlaceholder: msg('Search genres'),
  create: msg('New genre'),
  noMatch: msg('No genres match'),
  deleteMany: msg('{count, plural, one {Delete # genre?} other {Delete # genres?}}'),
};

const formSchema = z.object({ name: upsertGenreRequestSchema.shape.name, image: z.string().nullable() });
type Values = z.infer<typeof formSchema>;

/** New or edit: the name (its URL key follows it) and a picture. */
function GenreDialog({ genre, onClose }: { genre: AdminGenreRow | 'new' | null; onClose: () => void }) {
  const { trans } = useTrans();
  const save = useSaveGenre();
  const current = genre === 'new' ? null : genre;
  const form = useForm<Values>({
    resolver: zodResolver(formSchema),
    values: { name: current?.display_name ?? '', image: current?.image ?? null },
  });
  const submit = (v: Values) =>
    save.mutate(
      { id: current?.id ?? null, body: { name: v.name, display_name: v.name, image: v.image } },
      {
        onSuccess: () => {
          toast.positive(current ? trans('Genre saved') : trans('Genre created'));
          onClose();
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );
  return (
    <Dialog
      title={current ? trans('Edit {name}', { name: current.display_name }) : trans('New genre')}
      size="sm"
      isOpen={genre !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-4">
        <FormTextField name="name" label={trans('Name')} isRequired autoFocus />
        <ImageField
          label={trans('Picture')}
          value={form.watch('image')}
          onChange={(url) => form.setValue('image', url, { shouldDirty: true })}
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button type="submit" isPending={save.isPending}>
            {current ? trans('Save genre') : trans('Create genre')}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

/** /admin/genres: genres with how many artists and tracks carry them; edited in a dialog. */
export default function AdminGenresPage() {
  const { trans } = useTrans();
  const [editing, setEditing] = useState<AdminGenreRow | 'new' | null>(null);
  const columns = useMemo<DataTableColumn<AdminGenreRow>[]>(
    () => [
      {
        id: 'genre',
        header: trans('Genre'),
        sortKey: 'name',
        hideable: false,
        cell: (g) => (
          <button
            type="button"
            tabIndex={-1}
            onClick={() => setEditing(g)}
            className="flex min-w-0 items-center gap-3 rounded-sm text-start outline-none hover:underline"
          >
            <span className="flex size-9 shrink-0 items-center justify-center overflow-hidden rounded bg-hover">
              {g.image ? (
                <img src={g.image} alt="" className="size-full object-cover" />
              ) : (
                <Tag aria-hidden className="size-4 text-muted" />
              )}
            </span>
            <span className="flex min-w-0 flex-col">
              <span className="truncate font-medium text-fg">{g.display_name}</span>
              {/* i18n-ignore */}
              <span className="truncate text-xs text-muted">/genre/{g.name}</span>
            </span>
          </button>
        ),
      },
      { id: 'artists', header: trans('Artists'), cell: (g) => count(g.artists_count) },
      { id: 'tracks', header: trans('Tracks'), cell: (g) => count(g.tracks_count) },
      {
        id: 'created_at',
        header: trans('Added'),
        sortKey: 'created_at',
        cell: (g) => formatDay(g.created_at),
      },
    ],
    [trans],
  );
  const catalogue = useCatalogueListProps<AdminGenreRow>({
    name: 'genres',
    messages: MESSAGES,
    base: paths.adminGenres(),
    useDelete: useDeleteGenres,
    deleteWarning: (rows) =>
      trans(
        '{artists, plural, one {# artist} other {# artists}} and {tracks, plural, one {# track} other {# tracks}} lose the tag; they stay in the catalogue.',
        { artists: sum(rows, (r) => r.artists_count), tracks: sum(rows, (r) => r.tracks_count) },
      ),
  });
  return (
    <AdminListPage
      {...catalogue}
      title={trans('Genres')}
      description={trans('The genres artists and tracks are tagged with; each has its page in the player.')}
      exportPath={catalogueManager.exportGenres.path}
      columns={columns}
      useList={useAdminGenres}
      onRowAction={setEditing}
      create={{ label: trans('New genre'), onPress: () => setEditing('new') }}
    >
      <GenreDialog genre={editing} onClose={() => setEditing(null)} />
    </AdminListPage>
  );
}
