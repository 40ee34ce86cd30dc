import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreatePlaylistRequest,
  createPlaylistRequestSchema,
  PLAYLIST_DESCRIPTION_MAX,
  PLAYLIST_NAME_MAX,
} from '@zema/contracts';
import { type UseFormProps, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { FormCheckbox, FormTextField } from '#src/ui/field';

/** What the playlist dialogs edit: the request as typed, before the schema trims it. */
export type PlaylistFormValues = z.input<typeof createPlaylistRequestSchema>;

/**
 * A playlist form (new playlist, edit details), checked by the contract's request schema: the
 * same rules and messages the server applies.
 */
export function usePlaylistForm(options: Pick<UseFormProps<PlaylistFormValues>, 'defaultValues' | 'values'>) {
  return useForm<PlaylistFormValues, unknown, CreatePlaylistRequest>({
    ...options,
    resolver: zodResolver(createPlaylistRequestSchema),
  });
}

/** The checked values as the API takes them: an empty description is none. */
export function toPlaylistRequest(values: CreatePlaylistRequest): CreatePlaylistRequest {
  return { ...values, description: values.description || null };
}

/** Name, description, public and collaborative: the fields both playlist dialogs show. */
export function PlaylistFields() {
  const { trans } = useTrans();
  return (
    <>
      <FormTextField<PlaylistFormValues>
        name="name"
        label={trans('Name')}
        autoFocus
        maxLength={PLAYLIST_NAME_MAX}
      />
      <FormTextField<PlaylistFormValues>
        name="description"
        label={trans('Description')}
        multiline
        rows={3}
        maxLength={PLAYLIST_DESCRIPTION_MAX}
      />
      <FormCheckbox<PlaylistFormValues>
        name="public"
        description={trans('Anyone can find and listen to it.')}
      >
        {trans('Public')}
      </FormCheckbox>
      <FormCheckbox<PlaylistFormValues>
        name="collaborative"
        description={trans('People you invite can add and reorder tracks.')}
      >
        {trans('Collaborative')}
      </FormCheckbox>
    </>
  );
}
