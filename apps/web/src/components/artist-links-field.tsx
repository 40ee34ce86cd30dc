import { msg } from '@zema/contracts';
import { Plus, X } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { FormTextField, fieldDescriptionClass, fieldLabelClass } from '#src/ui/field';

/** Most links an artist profile keeps (the contract's artist request says the same). */
export const ARTIST_PROFILE_MAX_LINKS = 20;

/** An artist profile's links while editing: a label (may be blank) and a full URL each. */
export const artistLinkRowsSchema = z
  .array(
    z.object({
      label: z.string().trim().max(100),
      url: z.string().trim().url(msg('Enter a full URL (https://…).')).max(2000),
    }),
  )
  .max(ARTIST_PROFILE_MAX_LINKS);

/**
 * A backstage request's links while editing: a URL each, where a blank row is skipped on sending
 * (the form starts with one empty row to fill).
 */
export function artistLinkUrlRowsSchema(max: number) {
  return z
    .array(
      z.object({
        url: z
          .string()
          .trim()
          .refine((url) => !url || /^https?:\/\/\S+\.\S+/i.test(url), {
            message: msg('Enter a valid URL, like https://example.com.'),
          }),
      }),
    )
    .max(max);
}

/** What a page's card takes: `AdminCard` and `BackstageCard` both fit. */
export interface ArtistLinksCardProps {
  title?: string;
  actions?: ReactNode;
  children: ReactNode;
}

export interface ArtistLinksFieldProps {
  /**
   * `labelled`: a label and a URL per link, the artist's profile (rows `{label, url}`); `url`: the
   * URL only, a backstage request (rows `{url}`). The rows are the surrounding form's `links`.
   */
  rows: 'labelled' | 'url';
  /** Most links the form takes (default: a profile's); Add link is held at that count. */
  max?: number;
  /** Shows the links without Add and Remove (a team member who may only look). */
  isReadOnly?: boolean;
  /**
   * The page's card to put the links in, its title "Links" and Add link in the card's header.
   * Without one the links are a fieldset of the form, with Add link after the rows.
   */
  card?: ComponentType<ArtistLinksCardProps>;
  /** Under the fieldset's legend, what links help, as an English source line (only without `card`). */
  description?: string;
}

/**
 * An artist's external links (a website, a shop, social pages) as rows of the surrounding
 * react-hook-form form: the admin's and the backstage's profile forms and the backstage request
 * form edit them with this one field, so the rows read and behave alike everywhere.
 */
export function ArtistLinksField({
  rows,
  max = ARTIST_PROFILE_MAX_LINKS,
  isReadOnly,
  card: Card,
  description,
}: ArtistLinksFieldProps) {
  const { trans } = useTrans();
  const { control } = useFormContext();
  const links = useFieldArray({ control, name: 'links' });

  const addButton = !isReadOnly && (
    <Button
      variant="outline"
      size="sm"
      startIcon={<Plus aria-hidden />}
      isDisabled={links.fields.length >= max}
      onPress={() => links.append(rows === 'labelled' ? { label: '', url: '' } : { url: '' })}
    >
      {trans('Add link')}
    </Button>
  );

  const removeButton = (index: number) =>
    !isReadOnly && (
      <Button
        variant="icon"
        aria-label={trans('Remove link {number}', { number: index + 1 })}
        onPress={() => links.remove(index)}
      >
        <X aria-hidden />
      </Button>
    );

  const list = (
    <ul className={rows === 'labelled' ? 'flex flex-col gap-3' : 'flex flex-col gap-2'}>
      {links.fields.map((field, index) =>
        rows === 'labelled' ? (
          <li key={field.id} className="flex flex-wrap items-end gap-2 sm:flex-nowrap">
            <FormTextField
              name={`links.${index}.label`}
              label={trans('Label')}
              className="w-full sm:w-48"
              isReadOnly={isReadOnly}
            />
            <FormTextField
              name={`links.${index}.url`}
              label={trans('URL')}
              type="url"
              className="min-w-0 flex-1"
              isReadOnly={isReadOnly}
            />
            {removeButton(index)}
          </li>
        ) : (
          <li key={field.id} className="flex items-start gap-2">
            <FormTextField
              name={`links.${index}.url`}
              aria-label={trans('Link {number}', { number: index + 1 })}
              type="url"
              /* i18n-ignore */
              placeholder="https://"
              className="min-w-0 flex-1"
              isReadOnly={isReadOnly}
            />
            {removeButton(index)}
          </li>
        ),
      )}
    </ul>
  );

  if (Card)
    return (
      <Card title={trans('Links')} actions={addButton}>
        {links.fields.length === 0 ? (
          <p className="text-sm text-muted">
            {isReadOnly ? trans('No links yet.') : trans('No links yet: a website, a shop or social pages.')}
          </p>
        ) : (
          list
        )}
      </Card>
    );

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className={fieldLabelClass}>{trans('Links')}</legend>
      {description && <p className={fieldDescriptionClass}>{trans(description)}</p>}
      {list}
      {addButton && <div>{addButton}</div>}
    </fieldset>
  );
}
