import { zodResolver } from '@hookform/resolvers/zod';
import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_LAYOUTS,
  CHANNEL_RULES,
  type ChannelConfig,
  type ChannelContentType,
  HOME_CHANNEL_SLUG,
  msg,
  SLUG_MAX_LENGTH,
  SLUG_MESSAGE,
  SLUG_PATTERN,
  storedSlugFrom,
  upsertChannelRequestSchema,
} from '@zema/contracts';
import type { AdminChannel, ChannelItemRef, ChannelPreviewRequest } from '@zema/contracts/admin';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { ReorderList } from '#src/components/admin/reorder-list';
import { UnsavedChangesDialog } from '#src/components/admin/unsaved-changes-dialog';
import { PageError } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { useUnsavedChangesBlocker } from '#src/lib/unsaved-changes';
import { Button } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Form, FormTextField, TextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { LoadingPage } from '#src/ui/loading-page';
import { SaveBar } from '#src/ui/save-bar';
import { Select } from '#src/ui/select';
import { Spinner } from '#src/ui/spinner';
import { toast } from '#src/ui/toast';
import { useDebouncedValue } from '#src/ui/use-debounced-value';
import { useDeleteChannels } from '../api/delete-channels';
import { useAdminChannel } from '../api/get-admin-channel';
import { useChannelPreview } from '../api/preview-channel';
import { useSaveChannel } from '../api/save-channel';
import { ChannelItemPicker } from '../components/channel-item-picker';
import {
  CHANNEL_LAYOUT_LABELS,
  CHANNEL_RULE_LABELS,
  CHANNEL_TYPE_LABELS,
  CHOSEN_ITEMS_LIST_LABELS,
  CHOSEN_ITEMS_TITLES,
  labelledOptions,
  NO_CHOSEN_ITEMS,
} from '../components/channel-labels';
import { ChannelContentView } from '../components/channel-view';

const shape = upsertChannelRequestSchema.shape;
const LIMIT_MESSAGE = msg('Enter a whole number from 1 to 100.');
const formSchema = z.object({
  name: shape.name,
  slug: z
    .string()
    .trim()
    .min(1, msg('Enter the address of the channel.'))
    .max(SLUG_MAX_LENGTH)
    .regex(SLUG_PATTERN, SLUG_MESSAGE),
  description: z.string().trim().max(2000),
  config: z.object({
    contentType: z.enum(CHANNEL_CONTENT_TYPES),
    rule: z.enum(CHANNEL_RULES),
    layout: z.enum(CHANNEL_LAYOUTS),
    // Typed as text; the request carries the number.
    limit: z
      .string()
      .trim()
      .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
      .refine((v) => Number(v) >= 1 && Number(v) <= 100, LIMIT_MESSAGE),
  }),
  items: z.array(z.custom<ChannelItemRef>()).max(500, msg('A channel holds at most 500 chosen items.')),
});
type Values = z.infer<typeof formSchema>;

const valuesOf = (c: AdminChannel | null): Values => ({
  name: c?.name ?? '',
  slug: c?.slug ?? '',
  description: c?.description ?? '',
  config: {
    contentType: c?.config.contentType ?? 'album',
    rule: c?.config.rule ?? 'manual',
    layout: c?.config.layout ?? 'grid',
    limit: String(c?.config.limit ?? 20),
  },
  items: c?.items ?? [],
});

const withoutImage = ({ image: _, ...item }: ChannelItemRef) => item;

/** /admin/channels/new and /admin/channels/:channelId: a channel's settings, content and preview. */
export default function AdminChannelPage() {
  const param = useParams().channelId;
  const id = param === undefined || param === 'new' ? null : Number(param);
  const channel = useAdminChannel(id);
  if (id !== null && channel.isPending) return <LoadingPage />;
  if (id !== null && channel.isError)
    return <PageError error={channel.error} onRetry={() => channel.refetch()} />;
  return <ChannelForm key={id ?? 'new'} channel={channel.data ?? null} />;
}

function ChannelForm({ channel }: { channel: AdminChannel | null }) {
  const { trans } = useTrans();
  const navigate = useNavigate();
  const save = useSaveChannel();
  const del = useDeleteChannels();
  const [deleting, setDeleting] = useState(false);
  const form = useForm<Values>({ resolver: zodResolver(formSchema), defaultValues: valuesOf(channel) });
  const dirty = form.formState.isDirty;
  const blocker = useUnsavedChangesBlocker(dirty && !save.isPending && !form.formState.isSubmitSuccessful);
  const set = <K extends 'items' | 'config.contentType' | 'config.rule' | 'config.layout' | 'slug'>(
    name: K,
    value: K extends 'items' ? ChannelItemRef[] : string,
  ) => form.setValue(name, value as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const errors = form.formState.errors;
  const config = form.watch('config');
  const items = form.watch('items');
  const name = form.watch('name');
  const isHome = channel?.slug === HOME_CHANNEL_SLUG;

  // The slug follows the title until it is edited; an existing channel keeps its address.
  const slugField = useController({ control: form.control, name: 'slug' });
  const [slugEdited, setSlugEdited] = useState(channel !== null);
  useEffect(() => {
    if (!slugEdited) form.setValue('slug', storedSlugFrom(name), { shouldDirty: true });
  }, [name, slugEdited, form]);

  // Each content type keeps its own chosen list while the editor is open: switching back finds it.
  const listsByType = useRef<Partial<Record<ChannelContentType, ChannelItemRef[]>>>({});
  const changeType = (next: ChannelContentType) => {
    if (next === config.contentType) return;
    listsByType.current[config.contentType] = items;
    set('config.contentType', next);
    set('items', listsByType.current[next] ?? []);
  };

  // A new channel's page, once the reset has rendered: the unsaved-changes guard has let go by
  // then (navigating in the save's callback could still meet the guard of the render before).
  const [createdId, setCreatedId] = useState<number | null>(null);
  useEffect(() => {
    if (createdId !== null && !dirty) navigate(paths.adminChannel({ id: createdId }), { replace: true });
  }, [createdId, dirty, navigate]);

  const submit = (v: Values) =>
    save.mutate(
      {
        id: channel?.id ?? null,
        body: {
          name: v.name,
          slug: v.slug,
          description: v.description || null,
          config: { ...v.config, limit: Number(v.config.limit) },
          // A rule fills the channel; the chosen list is kept for a switch back to choosing by hand.
          ...(v.config.rule === 'manual' ? { items: v.items.map((i) => i.id) } : {}),
        },
      },
      {
        onSuccess: (saved) => {
          toast.positive(channel ? trans('Channel saved') : trans('Channel created'));
          form.reset({ ...v, description: v.description.trim() });
          if (!channel) setCreatedId(saved.id);
        },
        onError: (error) => applyServerErrors(form, error),
      },
    );

  const slugError = slugField.fieldState.error?.message;
  const itemsError = errors.items?.message ?? errors.items?.root?.message;
  const layoutError = errors.config?.layout?.message;
  const pagePath = `/channel/${slugField.field.value || '…'}`;
  return (
    <AdminPage
      title={channel ? channel.name : trans('New channel')}
      breadcrumbs={[{ label: trans('Channels'), to: paths.adminChannels() }]}
      actions={
        channel && (
          <>
            <a
              href={paths.channel(channel)}
              className="rounded-sm text-sm text-primary underline-offset-2 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-primary"
            >
              {trans('View in the player')}
            </a>
            {!isHome && (
              <Button variant="danger" onPress={() => setDeleting(true)}>
                {trans('Delete channel')}
              </Button>
            )}
          </>
        )
      }
    >
      <Form form={form} onSubmit={submit} className="flex flex-col gap-6">
        <div className="grid gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
          <div className="flex min-w-0 flex-col gap-6">
            <AdminCard title={trans('Channel')}>
              <div className="flex flex-col gap-4">
                <FormTextField<Values> name="name" label={trans('Title')} isRequired />
                <TextField
                  label={trans('Slug')}
                  isRequired
                  name={slugField.field.name}
                  value={slugField.field.value}
                  onChange={(value) => {
                    setSlugEdited(value !== '');
                    slugField.field.onChange(value);
                  }}
                  onBlur={slugField.field.onBlur}
                  inputRef={slugField.field.ref}
                  errorMessage={slugError && trans(slugError)}
                  isDisabled={isHome}
                  description={
                    isHome
                      ? trans('The home channel keeps its address.')
                      : slugEdited
                        ? trans('Its page: {path}', { path: pagePath })
                        : trans('Its page: {path} (from the title until you edit it)', { path: pagePath })
                  }
                />
                <FormTextField<Values> name="description" label={trans('Description')} multiline />
              </div>
            </AdminCard>
            <AdminCard title={trans('Content')}>
              <div className="grid gap-4 sm:grid-cols-2">
                <Select
                  label={trans('Content type')}
                  items={labelledOptions(CHANNEL_CONTENT_TYPES, CHANNEL_TYPE_LABELS, trans)}
                  selectedKey={config.contentType}
                  onSelectionChange={(k) => changeType(k as ChannelContentType)}
                  description={trans('A channel shows one kind of item.')}
                />
                <Select
                  label={trans('Filled by')}
                  items={labelledOptions(CHANNEL_RULES, CHANNEL_RULE_LABELS, trans)}
                  selectedKey={config.rule}
                  onSelectionChange={(k) => set('config.rule', String(k))}
                  description={
                    config.rule === 'manual'
                      ? trans('The list you choose below, in its order.')
                      : trans('Picked by the rule each time the channel is shown.')
                  }
                />
                <Select
                  label={trans('Layout')}
                  items={labelledOptions(CHANNEL_LAYOUTS, CHANNEL_LAYOUT_LABELS, trans)}
                  selectedKey={config.layout}
                  onSelectionChange={(k) => set('config.layout', String(k))}
                  description={trans('Tracks always show as a list; other items as cards.')}
                  errorMessage={layoutError && trans(layoutError)}
                />
                <FormTextField<Values>
                  name="config.limit"
                  label={trans('Items per page')}
                  type="number"
                  inputMode="numeric"
                  isRequired
                  description={trans('A row on the home page shows this many; its own page pages on.')}
                />
              </div>
            </AdminCard>
            {config.rule === 'manual' && (
              <AdminCard title={trans(CHOSEN_ITEMS_TITLES[config.contentType])}>
                <div className="flex flex-col gap-4">
                  <ChannelItemPicker
                    type={config.contentType}
                    chosen={items}
                    excludeId={channel?.id}
                    onPick={(item) => set('items', [...items, item])}
                    errorMessage={itemsError && trans(itemsError)}
                  />
                  <p className="text-sm text-muted">
                    {trans(
                      'Drag an item by its handle, or focus the handle and press Enter, then the arrow keys and Enter again; the arrows on each row move it one place.',
                    )}
                  </p>
                  <ReorderList
                    label={trans(CHOSEN_ITEMS_LIST_LABELS[config.contentType])}
                    numbered
                    // Channels have no picture: their rows leave the picture box out.
                    items={config.contentType === 'channel' ? items.map(withoutImage) : items}
                    onChange={(next) =>
                      set(
                        'items',
                        next.map((i) => ({ ...i, image: i.image ?? null, subtitle: i.subtitle ?? null })),
                      )
                    }
                    onRemove={(removed) =>
                      set(
                        'items',
                        items.filter((i) => i.id !== removed),
                      )
                    }
                    empty={trans(NO_CHOSEN_ITEMS[config.contentType])}
                  />
                </div>
              </AdminCard>
            )}
          </div>
          <ChannelPreview
            id={channel?.id}
            name={name}
            config={config}
            itemIds={config.rule === 'manual' ? items.map((i) => i.id) : undefined}
          />
        </div>
        <SaveBar
          isDirty={dirty}
          isSaving={save.isPending}
          saveLabel={channel ? trans('Save channel') : trans('Create channel')}
          onDiscard={() => {
            form.reset();
            setSlugEdited(channel !== null);
          }}
        />
      </Form>
      <UnsavedChangesDialog blocker={blocker} />
      {channel && (
        <ConfirmDialog
          isOpen={deleting}
          onOpenChange={setDeleting}
          title={trans('Delete {name}?', { name: channel.name })}
          confirmLabel={trans('Delete channel')}
          danger
          isPending={del.isPending}
          onConfirm={() =>
            del.mutate([channel.id], {
              onSuccess: () => {
                toast.positive(trans('Channel deleted'));
                navigate(paths.adminChannels());
              },
            })
          }
        >
          {channel.config.rule === 'manual' && channel.items_count > 0
            ? trans(
                'Its list of {count, plural, one {one chosen item} other {# chosen items}} goes with it; the items stay in the catalogue. Channels showing it as a row lose that row. This cannot be undone.',
                { count: channel.items_count },
              )
            : trans('Channels showing it as a row lose that row. This cannot be undone.')}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

const PREVIEW_DEBOUNCE_MS = 300;

/**
 * The channel as the player will draw it, from the settings on screen (not yet saved): the chosen
 * items or what the rule picks now, in the chosen layout, from the server.
 */
function ChannelPreview({
  id,
  name,
  config,
  itemIds,
}: {
  id: number | undefined;
  name: string;
  config: Values['config'];
  itemIds: number[] | undefined;
}) {
  const limit = Number(config.limit);
  const settled: ChannelConfig = {
    contentType: config.contentType,
    rule: config.rule,
    layout: config.layout,
    limit: Number.isInteger(limit) && limit >= 1 && limit <= 100 ? limit : 20,
  };
  // Keyed by its text: a new object each render must not restart the wait.
  const key = useDebouncedValue(
    JSON.stringify({ ...(id ? { id } : {}), config: settled, ...(itemIds ? { items: itemIds } : {}) }),
    PREVIEW_DEBOUNCE_MS,
  );
  const draft = useMemo(() => JSON.parse(key) as ChannelPreviewRequest, [key]);
  const { trans } = useTrans();
  const preview = useChannelPreview(draft);
  const content = preview.data;
  const title = name.trim() || trans('Untitled channel');
  return (
    <section
      aria-labelledby="channel-preview-heading"
      aria-busy={preview.isFetching}
      className="flex min-w-0 flex-col gap-4 self-start rounded-theme border border-divider bg-bg p-4 md:p-6 xl:sticky xl:top-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 id="channel-preview-heading" className="text-base font-semibold text-fg">
          {trans('Preview')}
        </h2>
        {preview.isFetching && <Spinner size="sm" label={trans('Updating the preview')} />}
      </div>
      <div className="flex flex-col gap-3 rounded-theme bg-bg-alt p-3 md:p-4">
        <p className="text-xl font-bold text-fg">{title}</p>
        {preview.isError ? (
          <p className="text-sm text-danger">
            {trans('The preview could not be loaded. Check the settings.')}
          </p>
        ) : !content ? (
          <p className="text-sm text-muted">{trans('Loading the preview…')}</p>
        ) : content.items.length === 0 ? (
          <p className="text-sm text-muted">
            {draft.config.rule === 'manual'
              ? trans('Nothing to show yet: add items to the list.')
              : trans('The rule picks nothing yet: the catalogue has no such items.')}
          </p>
        ) : (
          <ChannelContentView
            content={content}
            config={draft.config}
            label={trans('Preview of {title}', { title })}
          />
        )}
      </div>
    </section>
  );
}
