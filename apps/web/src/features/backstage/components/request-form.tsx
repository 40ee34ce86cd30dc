import { zodResolver } from '@hookform/resolvers/zod';
import {
  ARTIST_ROLE_LABELS,
  ARTIST_ROLES,
  type ArtistRef,
  BACKSTAGE_MAX_LINKS,
  BACKSTAGE_MESSAGES,
  BACKSTAGE_REQUEST_TYPE_LABELS,
  type BackstageArtist,
  type BackstageRequestType,
  createBackstageRequestSchema,
  msg,
} from '@zema/contracts';
import { FileCheck, Paperclip } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ArtistLinksField, artistLinkUrlRowsSchema } from '#src/components/artist-links-field';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Form, FormTextField, fieldDescriptionClass, fieldErrorClass, fieldLabelClass } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { SearchableSelect, Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useCreateBackstageRequest } from '../api/create-request';
import { useArtistSearch } from '../api/search-artists';
import { useUploadProof } from '../api/upload-proof';

// The contract's body, with links held as rows ({url}) for the field array and the artist as the
// chosen reference (its name fills `artist_name`).
const shape = createBackstageRequestSchema.shape;
export const requestFormSchema = z
  .object({
    type: shape.type,
    artist: z.object({ id: z.number(), name: z.string() }).nullable(),
    artist_name: shape.artist_name,
    role: shape.role,
    links: artistLinkUrlRowsSchema(BACKSTAGE_MAX_LINKS),
    message: z.string().trim().max(5000),
  })
  .superRefine((v, ctx) => {
    if (v.type !== 'become_artist' && !v.artist)
      ctx.addIssue({ code: 'custom', path: ['artist'], message: BACKSTAGE_MESSAGES.artistRequired });
  });
export type RequestFormValues = z.infer<typeof requestFormSchema>;

const SEARCH_DEBOUNCE_MS = 250;

const HINTS: Record<BackstageRequestType, string> = {
  become_artist: msg('Create a new artist profile for your music.'),
  claim_artist: msg('Take over an artist page that is already in the catalogue.'),
  verify_artist: msg('Ask for the verified badge on an artist you manage.'),
};

/**
 * The backstage request form: the artist (typed for "become", searched for "claim", chosen among
 * the user's own for "verify"), the user's role, links, a message and an optional proof file.
 */
export function RequestForm({
  type,
  managed,
  onDone,
  onCancel,
}: {
  type: BackstageRequestType;
  /** The artists the user already manages (the choices of "verify"). */
  managed: BackstageArtist[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const { trans } = useTrans();
  const create = useCreateBackstageRequest();
  const form = useForm<RequestFormValues>({
    resolver: zodResolver(requestFormSchema),
    defaultValues: { type, artist: null, artist_name: '', role: 'artist', links: [{ url: '' }], message: '' },
  });
  const [proof, setProof] = useState<{ id: number; name: string } | null>(null);

  const submit = (v: RequestFormValues) =>
    create.mutate(
      {
        type: v.type,
        artist_id: v.artist?.id ?? null,
        artist_name: v.type === 'become_artist' ? v.artist_name : (v.artist?.name ?? v.artist_name),
        role: v.role,
        links: v.links.map((l) => l.url).filter(Boolean),
        message: v.message || null,
        proof_entry_id: proof?.id ?? null,
      },
      {
        onSuccess: () => {
          toast.positive(trans('Request sent'));
          onDone();
        },
        onError: (error) => {
          // The server names the artist `artist_id`; the form holds it as `artist`.
          const errors = (error as { errors?: Record<string, string[]> | null }).errors;
          if (errors?.artist_id) {
            form.setError('artist', { type: 'server', message: errors.artist_id[0] }, { shouldFocus: true });
            return;
          }
          applyServerErrors(form, error);
        },
      },
    );

  const chooseArtist = (artist: { id: number; name: string } | null) => {
    form.setValue('artist', artist, { shouldValidate: form.formState.isSubmitted });
    if (artist) form.setValue('artist_name', artist.name, { shouldValidate: form.formState.isSubmitted });
  };

  return (
    <Form form={form} onSubmit={submit} aria-label={trans(BACKSTAGE_REQUEST_TYPE_LABELS[type])}>
      <p className="text-sm text-muted">{trans(HINTS[type])}</p>
      {type === 'become_artist' && (
        <FormTextField name="artist_name" label={trans('Artist name')} isRequired />
      )}
      {type === 'claim_artist' && (
        <Controller
          control={form.control}
          name="artist"
          render={({ fieldState }) => (
            <ArtistSearchField
              value={form.watch('artist')}
              onChange={chooseArtist}
              errorMessage={fieldState.error?.message && trans(fieldState.error.message)}
            />
          )}
        />
      )}
      {type === 'verify_artist' && (
        <Controller
          control={form.control}
          name="artist"
          render={({ field, fieldState }) => (
            <Select
              label={trans('Artist')}
              isRequired
              placeholder={trans('Choose one of your artists')}
              items={managed.map((a) => ({ id: a.id, label: a.name }))}
              selectedKey={field.value?.id ?? null}
              onSelectionChange={(key) => chooseArtist(managed.find((a) => a.id === key) ?? null)}
              errorMessage={fieldState.error?.message && trans(fieldState.error.message)}
            />
          )}
        />
      )}
      <Controller
        control={form.control}
        name="role"
        render={({ field, fieldState }) => (
          <Select
            label={trans('Your role')}
            items={ARTIST_ROLES.map((r) => ({ id: r, label: trans(ARTIST_ROLE_LABELS[r]) }))}
            selectedKey={field.value}
            onSelectionChange={(key) => key && field.onChange(key)}
            errorMessage={fieldState.error?.message && trans(fieldState.error.message)}
          />
        )}
      />
      <ArtistLinksField
        rows="url"
        max={BACKSTAGE_MAX_LINKS}
        description={trans(
          'Official website, streaming profiles, social pages: anything that shows this is you.',
        )}
      />
      <FormTextField
        name="message"
        label={trans('Message')}
        multiline
        rows={4}
        description={trans('Tell the team who you are and how you relate to the artist.')}
      />
      <ProofField value={proof} onChange={setProof} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="text" onPress={onCancel}>
          {trans('Cancel')}
        </Button>
        <Button type="submit" isPending={create.isPending}>
          {trans('Send request')}
        </Button>
      </div>
    </Form>
  );
}

/** "Claim an artist": the catalogue's artists, searched as the user types. */
function ArtistSearchField({
  value,
  onChange,
  errorMessage,
}: {
  value: { id: number; name: string } | null;
  onChange: (artist: ArtistRef | null) => void;
  errorMessage?: string;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState(value?.name ?? '');
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const found = useArtistSearch(query);
  const rows = text.trim() ? (found.data ?? []) : [];
  const options = rows.map((a) => ({
    id: a.id,
    label: a.verified ? trans('{name} (verified)', { name: a.name }) : a.name,
    row: a,
  }));
  if (value && !options.some((o) => o.id === value.id))
    options.unshift({ id: value.id, label: value.name, row: value as ArtistRef });
  return (
    <SearchableSelect
      isRemote
      isRequired
      menuTrigger="input"
      label={trans('Artist')}
      placeholder={trans('Search the catalogue…')}
      items={options}
      inputValue={text}
      onInputChange={(next) => {
        setText(next);
        if (value && next !== value.name) onChange(null);
      }}
      selectedKey={value?.id ?? null}
      onSelectionChange={(key) => {
        const option = options.find((o) => o.id === key);
        onChange(option?.row ?? null);
        if (option) setText(option.row.name);
      }}
      errorMessage={errorMessage}
      description={trans("Start typing the artist's name.")}
    />
  );
}

/** The optional proof: one file uploaded on the spot, sent as its file entry id. */
function ProofField({
  value,
  onChange,
}: {
  value: { id: number; name: string } | null;
  onChange: (proof: { id: number; name: string } | null) => void;
}) {
  const { trans } = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadProof();
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col">
      <span id={id} className={fieldLabelClass}>
        {trans('Proof (optional)')}
      </span>
      <div className="flex flex-wrap items-center gap-2">
        <input
          ref={input}
          type="file"
          className="sr-only"
          tabIndex={-1}
          aria-labelledby={id}
          data-testid="proof-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (!file) return;
            setError(null);
            upload.mutate(file, {
              onSuccess: (entry) => onChange({ id: entry.id, name: entry.name }),
              onError: (err) => setError(err instanceof Error ? err.message : String(err)),
            });
          }}
        />
        {value ? (
          <span className="flex items-center gap-1 text-sm">
            <FileCheck aria-hidden className="size-4 text-primary" />
            {value.name}
          </span>
        ) : null}
        <Button
          variant="outline"
          size="sm"
          startIcon={<Paperclip aria-hidden />}
          isPending={upload.isPending}
          onPress={() => input.current?.click()}
          aria-label={value ? trans('Replace proof file') : undefined}
        >
          {value ? trans('Replace') : trans('Attach a proof file')}
        </Button>
        {value && (
          <Button
            variant="text"
            size="sm"
            onPress={() => onChange(null)}
            aria-label={trans('Remove proof file')}
          >
            {trans('Remove')}
          </Button>
        )}
      </div>
      <span className={fieldDescriptionClass}>
        {trans('A contract, a distributor statement or a screenshot of your artist dashboard elsewhere.')}
      </span>
      {error && (
        <span role="alert" className={fieldErrorClass}>
          {error}
        </span>
      )}
    </div>
  );
}
