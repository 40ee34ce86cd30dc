import type { Playlist, UserRef } from '@zema/contracts';
import { UserMinus } from 'lucide-react';
import { useState } from 'react';
import {
  ComboBox,
  Input,
  type Key,
  Label,
  Link,
  ListBox,
  ListBoxItem,
  Popover,
  Text,
} from 'react-aria-components';
import { UserAvatar } from '#src/components/user-avatar';
import { ApiError, errorMessage } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button } from '#src/ui/button';
import { cx, fieldFocusRing, insetFocusRing } from '#src/ui/cx';
import { Dialog } from '#src/ui/dialog';
import { fieldDescriptionClass, fieldLabelClass } from '#src/ui/field';
import { popoverClass } from '#src/ui/popover';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useAddPlaylistCollaborator } from '../api/add-playlist-collaborator';
import { useRemovePlaylistCollaborator } from '../api/remove-playlist-collaborator';
import { useUserSearch } from '../api/search-users';

/** The people search waits for this pause in typing (same feel as the navbar's instant search). */
export const COLLABORATOR_SEARCH_DELAY_MS = 250;

/** The message of a failed call: the field error of a 422 (e.g. "the owner is already part") first. */
function failure(err: unknown): string {
  if (err instanceof ApiError && err.errors) {
    const first = Object.values(err.errors)[0]?.[0];
    if (first) return first;
  }
  return errorMessage(err);
}

/**
 * Who edits this playlist besides its owner, as a row of avatars linking to their profiles. Shown
 * to everyone who can see the playlist; only the owner manages the list (CollaboratorsDialog).
 */
export function CollaboratorAvatars({ collaborators }: { collaborators: UserRef[] }) {
  const { trans } = useTrans();
  if (!collaborators.length) return null;
  return (
    <span className="inline-flex items-center gap-2">
      <ul className="flex items-center -space-x-2" aria-label={trans('Collaborators')}>
        {collaborators.map((c) => (
          <li key={c.id}>
            <Link
              href={paths.user(c)}
              aria-label={c.display_name}
              className="block rounded-full ring-2 ring-bg"
            >
              <UserAvatar name={c.display_name} src={c.avatar} className="size-6 text-xs" />
            </Link>
          </li>
        ))}
      </ul>
      {collaborators.length === 1 && (
        <span aria-hidden="true" className="text-fg/80">
          {collaborators[0]?.display_name}
        </span>
      )}
    </span>
  );
}

/**
 * "Collaborators" (owner only): the people who may add, remove and reorder tracks, each with a
 * remove button, and a searchable field to invite someone by their public name.
 */
export function CollaboratorsDialog({
  playlist,
  isOpen,
  onOpenChange,
}: {
  playlist: Playlist;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { trans } = useTrans();
  const collaborators = playlist.collaborators ?? [];
  const remove = useRemovePlaylistCollaborator();

  return (
    <Dialog title={trans('Collaborators')} size="sm" isOpen={isOpen} onOpenChange={onOpenChange}>
      <div className="flex flex-col gap-5 pb-2">
        {!playlist.collaborative && (
          <p className="text-sm text-muted">
            {trans('Turn on "Collaborative" in Edit details so collaborators can change the tracks.')}
          </p>
        )}
        <AddCollaboratorField playlist={playlist} />
        <section aria-labelledby="playlist-collaborators-heading">
          <h3 id="playlist-collaborators-heading" className={fieldLabelClass}>
            {trans('People who can edit')}
          </h3>
          {collaborators.length === 0 ? (
            <p className="text-sm text-muted">{trans('No collaborators yet.')}</p>
          ) : (
            <ul className="flex flex-col gap-1">
              {collaborators.map((c) => {
                const pending = remove.isPending && remove.variables?.userId === c.id;
                return (
                  <li key={c.id} className="flex items-center gap-3 rounded-theme px-1 py-1.5">
                    <UserAvatar name={c.display_name} src={c.avatar} className="size-9 shrink-0" />
                    <Link
                      href={paths.user(c)}
                      className="min-w-0 flex-1 truncate text-sm font-medium hover:underline"
                    >
                      {c.display_name}
                    </Link>
                    <Button
                      variant="icon"
                      size="sm"
                      aria-label={trans('Remove {name}', { name: c.display_name })}
                      isPending={pending}
                      onPress={() =>
                        remove.mutate(
                          { playlistId: playlist.id, userId: c.id },
                          {
                            onSuccess: () =>
                              toast.positive(
                                trans('{name} removed from collaborators', { name: c.display_name }),
                              ),
                            onError: (err) => toast.danger(failure(err)),
                          },
                        )
                      }
                    >
                      <UserMinus aria-hidden="true" />
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}

/** "Add collaborator": people found by name, minus the owner and those already invited. */
function AddCollaboratorField({ playlist }: { playlist: Playlist }) {
  const { trans } = useTrans();
  const [inputValue, setInputValue] = useState('');
  const query = useDebouncedValue(inputValue.trim(), COLLABORATOR_SEARCH_DELAY_MS);
  const search = useUserSearch(query);
  const add = useAddPlaylistCollaborator();
  const taken = new Set([playlist.owner.id, ...(playlist.collaborators ?? []).map((c) => c.id)]);
  // Nothing is offered for an empty field, even while the debounced query still holds the last text.
  const hasText = inputValue.trim() !== '';
  const users = hasText && query ? (search.data ?? []).filter((u) => !taken.has(u.id)) : [];
  const isLoading = hasText && (inputValue.trim() !== query || search.isFetching);

  const onSelect = (key: Key | null) => {
    const user = users.find((u) => u.id === Number(key));
    if (!user) return;
    // With the selection controlled (always none), closing the list is ours to do: an empty field
    // offers nothing, so the list closes and the field is ready for the next name.
    setInputValue('');
    add.mutate(
      { playlistId: playlist.id, userId: user.id },
      {
        onSuccess: () =>
          toast.positive(trans('{name} can now edit this playlist', { name: user.display_name })),
        onError: (err) => toast.danger(failure(err)),
      },
    );
  };

  return (
    <ComboBox
      className="flex flex-col"
      items={users}
      inputValue={inputValue}
      onInputChange={setInputValue}
      // Choosing someone adds them at once; the field then clears for the next name.
      selectedKey={null}
      onSelectionChange={onSelect}
      // The "no people found" text only while something is typed (see onSelect).
      allowsEmptyCollection={hasText}
      menuTrigger="input"
    >
      <Label className={fieldLabelClass}>{trans('Add collaborator')}</Label>
      <div className="relative flex items-center">
        <Input
          placeholder={trans('Search people by name')}
          className={cx(
            'h-10 w-full min-w-0 rounded-theme border border-divider bg-bg pr-10 pl-3 text-sm text-fg outline-none transition-colors placeholder:text-muted data-hovered:border-muted data-focused:border-primary data-disabled:opacity-60',
            fieldFocusRing,
          )}
        />
        {(isLoading || add.isPending) && (
          <Spinner
            size="xs"
            label={add.isPending ? trans('Adding') : trans('Searching')}
            className="absolute right-3"
          />
        )}
      </div>
      <Text slot="description" className={fieldDescriptionClass}>
        {trans('Collaborators can add, remove and reorder tracks.')}
      </Text>
      <Popover
        placement="bottom start"
        offset={6}
        maxHeight={320}
        className={cx(popoverClass, 'w-(--trigger-width) min-w-60 overflow-auto')}
      >
        <ListBox<UserRef>
          className="p-1.5 outline-none"
          renderEmptyState={() => (
            <p className="px-3 py-4 text-sm text-muted">
              {isLoading
                ? trans('Searching...')
                : search.isError
                  ? errorMessage(search.error)
                  : trans('No people found for "{query}"', { query: inputValue.trim() })}
            </p>
          )}
        >
          {(user) => (
            <ListBoxItem
              id={user.id}
              textValue={user.display_name}
              className={cx(
                'flex cursor-pointer items-center gap-3 rounded-theme px-2.5 py-1.5 text-sm text-fg outline-none data-focused:bg-hover',
                insetFocusRing,
              )}
            >
              <UserAvatar name={user.display_name} src={user.avatar} className="shrink-0" />
              <Text slot="label" className="truncate font-medium">
                {user.display_name}
              </Text>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}
