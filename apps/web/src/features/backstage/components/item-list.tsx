import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import type { LucideIcon } from 'lucide-react';
import { Pencil, Search, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { EmptyState, ErrorState } from '#src/components/states';
import { OpenArtistWorkspace } from '#src/features/workspaces';
import { type TransFn, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { TextField } from '#src/ui/field';
import { LoadingPage } from '#src/ui/loading-page';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { canEditArtist, ReadOnlyNotice } from './artist-access';
import { ArtistSwitch, useCurrentArtist } from './artist-switch';
import { BackstageCard, BackstageFrame } from './backstage-frame';
import { Pager } from './pager';

const PER_PAGE = 20;

type Item = { id: number; name: string; image: string | null };
type Page<T> = { data: T[]; last_page?: number | null };

/**
 * What differs between the artist's tracks and albums pages; the list around it is one. Every text
 * is a whole message marked with `msg()`, translated where it is shown.
 */
export type ItemKind<T extends Item> = {
  /** The page's title, also the list's name: 'Tracks'. */
  title: string;
  description: string;
  texts: {
    /** 'Search tracks' */
    search: string;
    /** 'Loading tracks' */
    loading: string;
    /** 'No tracks match this search' */
    noMatch: string;
    /** 'No tracks yet' */
    empty: string;
    /** Under "No artist yet": 'Once a request is approved, your tracks show here.' */
    noArtist: string;
    /** The pager's name: 'Tracks pages' */
    pages: string;
    /** The delete confirmation's button: 'Delete track' */
    deleteLabel: string;
    /** 'Track deleted' */
    deleted: string;
    /** What a read-only role is told (`READ_ONLY_MESSAGES`). */
    readOnly: string;
  };
  useList: (artistId: number, query: Record<string, string>) => UseQueryResult<Page<T>>;
  useDelete: () => UseMutationResult<unknown, Error, number>;
  icon: LucideIcon;
  href: (item: T) => string;
  /** The line under the name: what it is, how long, how often played. */
  details: (item: T, trans: TransFn) => string;
  /** What deleting takes with it, said in the confirmation. */
  deleteNote: string;
  Editor: (props: { item: T; onClose: () => void }) => ReactNode;
  footer?: ReactNode;
};

/**
 * /backstage/tracks and /backstage/albums: the current artist's items, searched and paged, with
 * edit and delete (none of them for a role that may only see the artist).
 */
export function ItemListPage<T extends Item>({ kind }: { kind: ItemKind<T> }) {
  const { trans } = useTrans();
  const artist = useCurrentArtist();
  if (artist.isPending) return <LoadingPage />;
  if (artist.missing) return <OpenArtistWorkspace artistId={artist.missing} />;
  return (
    <BackstageFrame
      title={trans(kind.title)}
      description={trans(kind.description)}
      notice={<ReadOnlyNotice artist={artist.current} message={kind.texts.readOnly} />}
    >
      {artist.current ? (
        <ItemList
          key={artist.current.id}
          kind={kind}
          artistId={artist.current.id}
          readOnly={!canEditArtist(artist.current)}
          switcher={<ArtistSwitch state={artist} />}
        />
      ) : (
        <EmptyState title={trans('No artist yet')} description={trans(kind.texts.noArtist)} />
      )}
    </BackstageFrame>
  );
}

function ItemList<T extends Item>({
  kind,
  artistId,
  readOnly,
  switcher,
}: {
  kind: ItemKind<T>;
  artistId: number;
  readOnly: boolean;
  switcher: ReactNode;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebouncedValue(text.trim(), 250);
  const list = kind.useList(artistId, {
    page: String(page),
    perPage: String(PER_PAGE),
    ...(query ? { query } : {}),
  });
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const del = kind.useDelete();
  const Icon = kind.icon;
  const { Editor } = kind;
  return (
    <BackstageCard>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          aria-label={trans(kind.texts.search)}
          type="search"
          placeholder={trans(kind.texts.search)}
          className="w-full sm:w-64"
          value={text}
          onChange={(v) => {
            setText(v);
            setPage(1);
          }}
          startAdornment={<Search aria-hidden />}
        />
        {switcher}
      </div>
      {list.isPending ? (
        <Spinner label={trans(kind.texts.loading)} />
      ) : list.isError ? (
        <ErrorState onRetry={() => list.refetch()} />
      ) : list.data.data.length === 0 ? (
        <EmptyState title={trans(query ? kind.texts.noMatch : kind.texts.empty)} />
      ) : (
        <>
          <ul aria-label={trans(kind.title)} className="flex flex-col divide-y divide-divider">
            {list.data.data.map((item) => (
              <li key={item.id} className="flex items-center gap-3 py-2">
                <div className="flex size-12 shrink-0 items-center justify-center overflow-hidden rounded-theme bg-hover">
                  {item.image ? (
                    <img src={item.image} alt="" className="size-full object-cover" />
                  ) : (
                    <Icon aria-hidden className="size-5 text-muted" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <a href={kind.href(item)} className="block truncate font-medium hover:underline">
                    {item.name}
                  </a>
                  <p className="truncate text-sm text-muted">{kind.details(item, trans)}</p>
                </div>
                {!readOnly && (
                  <>
                    <Button
                      variant="icon"
                      aria-label={trans('Edit {name}', { name: item.name })}
                      onPress={() => setEditing(item)}
                    >
                      <Pencil aria-hidden />
                    </Button>
                    <Button
                      variant="icon"
                      aria-label={trans('Delete {name}', { name: item.name })}
                      onPress={() => setDeleting(item)}
                    >
                      <Trash2 aria-hidden />
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            lastPage={list.data.last_page ?? 1}
            onChange={setPage}
            label={trans(kind.texts.pages)}
          />
        </>
      )}
      {editing && <Editor item={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={trans('Delete {name}?', { name: deleting?.name ?? '' })}
        confirmLabel={trans(kind.texts.deleteLabel)}
        danger
        isPending={del.isPending}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive(trans(kind.texts.deleted));
              setDeleting(null);
            },
            onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
          })
        }
      >
        {trans(kind.deleteNote)}
      </ConfirmDialog>
      {!readOnly && kind.footer}
    </BackstageCard>
  );
}
