import { zodResolver } from '@hookform/resolvers/zod';
import {
  createLocalizationRequestSchema,
  type LocalizationSummary,
  updateLocalizationRequestSchema,
} from '@zema/contracts';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { PageError } from '#src/components/states';
import { errorMessage } from '#src/lib/api-error';
import { useSettings } from '#src/lib/bootstrap-store';
import { formatNumber } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { Button, buttonClass } from '#src/ui/button';
import { Card } from '#src/ui/card';
import { ConfirmDialog } from '#src/ui/confirm-dialog';
import { CreateDialog } from '#src/ui/create-dialog';
import { Checkbox, FormTextField } from '#src/ui/field';
import { applyServerErrors } from '#src/ui/form-errors';
import { toast } from '#src/ui/toast';
import {
  useAdminLocalizations,
  useCreateLocalization,
  useDeleteLocalization,
  useI18nSettings,
  useRenameLocalization,
} from '../api/admin-localizations';

type NewLanguage = { name: string; language: string };

/** How much of the catalogue a language translates: a bar and "1,402 of 1,612 (87 %)". */
function Coverage({ language }: { language: LocalizationSummary }) {
  const { trans, language: reader } = useTrans();
  const share = language.total ? language.translated / language.total : 1;
  const percent = Math.floor(share * 100);
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <meter
        min={0}
        max={100}
        value={percent}
        aria-label={trans('Coverage of {name}', { name: language.name })}
        className="h-2 w-full"
      />
      <span className="text-xs text-muted">
        {trans('{translated} of {total} lines ({percent} %)', {
          translated: formatNumber(language.translated, reader),
          total: formatNumber(language.total, reader),
          percent,
        })}
      </span>
    </div>
  );
}

function NewLanguageDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { trans } = useTrans();
  const create = useCreateLocalization();
  const form = useForm<NewLanguage>({
    resolver: zodResolver(createLocalizationRequestSchema),
    defaultValues: { name: '', language: '' },
  });
  return (
    <CreateDialog
      title={trans('Add a language')}
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      form={form}
      isPending={create.isPending}
      onSubmit={(values, close) =>
        create.mutate(values, {
          onSuccess: ({ localization }) => {
            toast.positive(trans('Added {name}', { name: localization.name }));
            close();
          },
          onError: (error) => applyServerErrors(form, error),
        })
      }
    >
      <FormTextField<NewLanguage>
        name="name"
        label={trans('Name')}
        description={trans('As its speakers write it, e.g. Afaan Oromoo')}
        autoFocus
      />
      <FormTextField<NewLanguage>
        name="language"
        label={trans('Language code')}
        description={trans('The BCP 47 code browsers use: om, ti, so, en-GB…')}
      />
    </CreateDialog>
  );
}

function RenameDialog({ language, onClose }: { language: LocalizationSummary; onClose: () => void }) {
  const { trans } = useTrans();
  const rename = useRenameLocalization();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(updateLocalizationRequestSchema),
    defaultValues: { name: language.name },
  });
  return (
    <CreateDialog
      title={trans('Rename {name}', { name: language.name })}
      isOpen
      onOpenChange={(open) => !open && onClose()}
      form={form}
      isPending={rename.isPending}
      onSubmit={(values, close) =>
        rename.mutate(
          { id: language.id, name: values.name },
          { onSuccess: () => close(), onError: (error) => applyServerErrors(form, error) },
        )
      }
    >
      <FormTextField<{ name: string }> name="name" label={trans('Name')} autoFocus />
    </CreateDialog>
  );
}

/**
 * /admin/localizations: the site's languages with their coverage of the catalogue, the default
 * language and the visitors' picker, and a way into each language's lines.
 */
export default function LocalizationsPage() {
  const { trans } = useTrans();
  const list = useAdminLocalizations();
  const settings = useSettings();
  const i18nSettings = useI18nSettings();
  const remove = useDeleteLocalization();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<LocalizationSummary | null>(null);
  const [deleting, setDeleting] = useState<LocalizationSummary | null>(null);

  const save = (body: Record<string, string | boolean>, done: string) =>
    i18nSettings.mutate(body, {
      onSuccess: () => toast.positive(done),
      onError: (error) => toast.danger(errorMessage(error)),
    });

  return (
    <AdminPage
      title={trans('Localizations')}
      description={trans(
        'The languages of the site. Each line translates one text of the app; a missing line shows the English text.',
      )}
      actions={<Button onPress={() => setAdding(true)}>{trans('Add a language')}</Button>}
    >
      <Card
        title={trans('Language picker')}
        description={trans('Visitors and users choose their language in the footer and in their account.')}
      >
        <Checkbox
          isSelected={settings.i18n.enable}
          isDisabled={i18nSettings.isPending}
          onChange={(enable) =>
            save(
              { 'i18n.enable': enable },
              enable
                ? trans('Visitors can choose their language.')
                : trans('Everyone sees the default language.'),
            )
          }
        >
          {trans('Let visitors and users choose their language')}
        </Checkbox>
      </Card>

      {list.isError ? (
        <PageError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <ul
          aria-label={trans('Languages')}
          className="flex flex-col divide-y divide-divider rounded-theme border border-divider"
        >
          {(list.data?.localizations ?? []).map((language) => (
            <li key={language.id} className="flex flex-col gap-3 p-4 md:flex-row md:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <Languages aria-hidden="true" className="size-5 shrink-0 text-muted" />
                <div className="flex min-w-0 flex-col">
                  <span lang={language.language} className="truncate font-medium text-fg">
                    {language.name}
                  </span>
                  <span className="text-xs text-muted">
                    {language.language}
                    {language.is_source && ` · ${trans('Source language')}`}
                    {language.is_default && ` · ${trans('Default')}`}
                  </span>
                </div>
              </div>
              <Coverage language={language} />
              <div className="flex flex-wrap gap-2">
                {!language.is_source && (
                  <Link
                    to={paths.adminLocalization(language.id)}
                    className={buttonClass({ variant: 'outline', size: 'sm' })}
                  >
                    {trans('Translate')}
                  </Link>
                )}
                {!language.is_default && (
                  <Button
                    variant="text"
                    size="sm"
                    isDisabled={i18nSettings.isPending}
                    onPress={() =>
                      save(
                        { 'i18n.default_locale': language.language },
                        trans('{name} is the default language now.', { name: language.name }),
                      )
                    }
                  >
                    {trans('Make default')}
                  </Button>
                )}
                <Button variant="text" size="sm" onPress={() => setRenaming(language)}>
                  {trans('Rename')}
                </Button>
                {!language.is_source && !language.is_default && (
                  <Button variant="text" size="sm" onPress={() => setDeleting(language)}>
                    {trans('Delete')}
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}

      <NewLanguageDialog isOpen={adding} onOpenChange={setAdding} />
      {renaming && <RenameDialog language={renaming} onClose={() => setRenaming(null)} />}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={trans('Delete {name}?', { name: deleting?.name ?? '' })}
        confirmLabel={trans('Delete')}
        danger
        isPending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.positive(trans('Deleted {name}.', { name: deleting.name }));
              setDeleting(null);
            },
            onError: (error) => toast.danger(errorMessage(error)),
          })
        }
      >
        {trans(
          'Its lines are deleted with it, and its readers see the default language. This cannot be undone.',
        )}
      </ConfirmDialog>
    </AdminPage>
  );
}
