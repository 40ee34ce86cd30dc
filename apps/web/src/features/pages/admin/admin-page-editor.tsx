import { CUSTOM_PAGE_AUDIENCES, type CustomPageAudience, msg } from '@zema/contracts';
import type { CustomPageAdmin, SaveCustomPageRequest } from '@zema/contracts/pages/pages-admin';
import { ExternalLink, Trash2 } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminCard, AdminPage } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { UploadQueueButton, useOnUploaded, useUploadQueue } from '#src/features/uploads';
import { useAssignableRoles } from '#src/features/users';
import { ApiError } from '#src/lib/api-error';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, LinkButton } from '#src/ui/button';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { Checkbox, TextField } from '#src/ui/field';
import { LoadingPage } from '#src/ui/loading-page';
import { Select } from '#src/ui/select';
import { toast } from '#src/ui/toast';
import {
  useAdminCustomPage,
  useDeleteCustomPage,
  useSaveCustomPage,
  useUploadPageImage,
} from '../api/admin-pages';
import { AUDIENCE_LABELS } from './labels';
import { RichTextEditor, type RichTextEditorHandle } from './rich-text-editor';

const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];

/** The languages a page may be written in besides the site's (Amharic, SPEC: complete Amharic). */
const LANGUAGES = [
  { id: 'default', label: msg('Site language (English)') },
  { id: 'am', label: msg('Amharic (አማርኛ)') },
];

type Text = { title: string; body: string; seo_title: string; seo_description: string };
type Draft = {
  slug: string;
  hidden: boolean;
  audience: CustomPageAudience;
  role_id: number | null;
  texts: Record<string, Text>;
};

const emptyText: Text = { title: '', body: '', seo_title: '', seo_description: '' };

function draftOf(page: CustomPageAdmin | undefined): Draft {
  if (!page)
    return { slug: '', hidden: false, audience: 'everyone', role_id: null, texts: { default: emptyText } };
  const text = (t: {
    title: string;
    body: string;
    seo_title: string | null;
    seo_description: string | null;
  }) => ({
    title: t.title,
    body: t.body,
    seo_title: t.seo_title ?? '',
    seo_description: t.seo_description ?? '',
  });
  return {
    slug: page.slug,
    hidden: page.hidden,
    audience: page.audience,
    role_id: page.role_id,
    texts: {
      default: text(page),
      ...Object.fromEntries(Object.entries(page.translations).map(([k, v]) => [k, text(v)])),
    },
  };
}

function requestOf(draft: Draft): SaveCustomPageRequest {
  const base = draft.texts.default ?? emptyText;
  const translations = Object.fromEntries(
    Object.entries(draft.texts).filter(([k, t]) => k !== 'default' && (t.title.trim() || t.body.trim())),
  );
  return {
    slug: draft.slug,
    hidden: draft.hidden,
    audience: draft.audience,
    role_id: draft.audience === 'role' ? draft.role_id : null,
    ...base,
    translations,
  };
}

/** The server's field errors, keyed as the form shows them (`translations.am.title` → am.title). */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.errors) return {};
  return Object.fromEntries(
    Object.entries(error.errors).map(([k, v]) => [k.replace(/^translations\./, ''), v[0] ?? '']),
  );
}

/** /admin/pages/new and /admin/pages/{id}: a custom page, its translations, readers and SEO tags. */
export default function AdminPageEditor() {
  const { pageId } = useParams();
  const id = pageId && pageId !== 'new' ? Number(pageId) : null;
  const query = useAdminCustomPage(id);
  if (id !== null && query.error)
    return <PageError error={query.error} onRetry={() => void query.refetch()} />;
  if (id !== null && !query.data) return <LoadingPage />;
  return <Editor key={query.data?.updated_at ?? 'new'} id={id} page={query.data} />;
}

function Editor({ id, page }: { id: number | null; page: CustomPageAdmin | undefined }) {
  const navigate = useNavigate();
  const { trans } = useTrans();
  const [draft, setDraft] = useState(() => draftOf(page));
  const [language, setLanguage] = useState('default');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const save = useSaveCustomPage(id);
  const remove = useDeleteCustomPage();
  const { roles } = useAssignableRoles();
  const errors = fieldErrors(save.error);
  // Pictures go through the upload queue, then the server re-encodes them; each lands at the cursor.
  const editorHandle = useRef<RichTextEditorHandle | null>(null);
  const onEditorReady = useCallback((handle: RichTextEditorHandle | null) => {
    editorHandle.current = handle;
  }, []);
  const images = useUploadQueue({ accept: IMAGE_TYPES, metadata: { uploadType: 'page' } });
  const makeImage = useUploadPageImage();
  useOnUploaded(images, (entry, item) =>
    makeImage.mutate(entry.id, {
      onSuccess: ({ url }) => {
        images.clearFinished();
        // Its file's name describes the picture until the admin writes better (alt text).
        editorHandle.current?.insertImage(url, item.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
      },
      onError: (err) => {
        images.clearFinished();
        toast.danger(
          err instanceof ApiError
            ? (err.errors?.file_entry_id?.[0] ?? err.message)
            : trans('The picture could not be used.'),
        );
      },
    }),
  );
  const text = draft.texts[language] ?? emptyText;
  const prefix = language === 'default' ? '' : `${language}.`;
  const setText = (patch: Partial<Text>) =>
    setDraft((d) => ({
      ...d,
      texts: { ...d.texts, [language]: { ...(d.texts[language] ?? emptyText), ...patch } },
    }));

  useEffect(() => {
    if (save.error && !(save.error instanceof ApiError && save.error.errors))
      toast.danger(save.error instanceof Error ? save.error.message : trans('The page could not be saved.'));
  }, [save.error, trans]);

  const submit = () =>
    save.mutate(requestOf(draft), {
      onSuccess: (saved) => {
        toast.positive(id === null ? trans('Page created') : trans('Page saved'));
        if (id === null) navigate(paths.adminCustomPage(saved), { replace: true });
      },
    });

  const title = id === null ? trans('New page') : (page?.title ?? trans('Page'));
  return (
    <AdminPage
      title={title}
      breadcrumbs={[{ label: trans('Pages'), to: paths.adminCustomPages() }]}
      actions={
        page && (
          <LinkButton
            variant="outline"
            href={`/pages/${page.slug}`}
            target="_blank"
            endIcon={<ExternalLink aria-hidden="true" className="size-4" />}
          >
            {trans('View page')}
          </LinkButton>
        )
      }
    >
      <form
        className="flex flex-col gap-6"
        aria-label={trans('Page')}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <AdminCard title={trans('Content')}>
          <div className="flex flex-col gap-4">
            <Select
              label={trans('Language')}
              description={trans(
                "Readers who chose this language see its version; others see the site language's.",
              )}
              items={LANGUAGES.map((l) => ({ ...l, label: trans(l.label) }))}
              selectedKey={language}
              onSelectionChange={(key) => setLanguage(String(key))}
            />
            <TextField
              label={trans('Title')}
              value={text.title}
              errorMessage={errors[`${prefix}title`]}
              onChange={(title) => setText({ title })}
            />
            <RichTextEditor
              key={language}
              label={trans('Body')}
              value={text.body}
              onChange={(body) => setText({ body })}
              onReady={onEditorReady}
            />
            <UploadQueueButton
              queue={images}
              accept={IMAGE_TYPES}
              inputLabel={trans('Picture to add to the page')}
            >
              {trans('Add a picture')}
            </UploadQueueButton>
            {errors[`${prefix}body`] && (
              <p role="alert" className="text-danger text-sm">
                {errors[`${prefix}body`]}
              </p>
            )}
          </div>
        </AdminCard>

        <AdminCard title={trans('Address and readers')}>
          <div className="flex flex-col gap-4">
            <TextField
              label={trans('Address')}
              description={trans('The page opens at /pages/ followed by this, e.g. privacy-policy.')}
              value={draft.slug}
              errorMessage={errors.slug}
              onChange={(slug) => setDraft((d) => ({ ...d, slug }))}
            />
            <Select
              label={trans('Who may read it')}
              items={CUSTOM_PAGE_AUDIENCES.map((a) => ({ id: a, label: trans(AUDIENCE_LABELS[a]) }))}
              selectedKey={draft.audience}
              onSelectionChange={(key) => setDraft((d) => ({ ...d, audience: key as CustomPageAudience }))}
            />
            {draft.audience === 'role' && (
              <Select
                label={trans('Role')}
                items={roles.map((r) => ({ id: String(r.id), label: r.name }))}
                selectedKey={draft.role_id === null ? null : String(draft.role_id)}
                errorMessage={errors.role_id}
                onSelectionChange={(key) => setDraft((d) => ({ ...d, role_id: Number(key) }))}
              />
            )}
            <Checkbox isSelected={draft.hidden} onChange={(hidden) => setDraft((d) => ({ ...d, hidden }))}>
              {trans('Hidden: a draft only page editors can open')}
            </Checkbox>
          </div>
        </AdminCard>

        <AdminCard title={trans('Search engines and sharing')}>
          <div className="flex flex-col gap-4">
            <TextField
              label={trans('SEO title')}
              description={trans('Shown in search results and link previews; the title when empty.')}
              value={text.seo_title}
              errorMessage={errors[`${prefix}seo_title`]}
              onChange={(seo_title) => setText({ seo_title })}
            />
            <TextField
              label={trans('SEO description')}
              multiline
              value={text.seo_description}
              errorMessage={errors[`${prefix}seo_description`]}
              onChange={(seo_description) => setText({ seo_description })}
            />
          </div>
        </AdminCard>

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isPending={save.isPending}>
            {id === null ? trans('Create page') : trans('Save')}
          </Button>
          {id !== null && (
            <Button
              variant="outline"
              startIcon={<Trash2 aria-hidden="true" className="size-4" />}
              onPress={() => setConfirmDelete(true)}
            >
              {trans('Delete')}
            </Button>
          )}
        </div>
      </form>
      <ConfirmDialog
        isOpen={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={trans('Delete this page?')}
        confirmLabel={trans('Delete')}
        isPending={remove.isPending}
        danger
        onConfirm={() =>
          id !== null &&
          remove.mutate(id, {
            onSuccess: () => {
              toast.positive(trans('Page deleted'));
              navigate(paths.adminCustomPages());
            },
          })
        }
      >
        {trans('Links to it will lead to the page-not-found screen. This cannot be undone.')}
      </ConfirmDialog>
    </AdminPage>
  );
}
