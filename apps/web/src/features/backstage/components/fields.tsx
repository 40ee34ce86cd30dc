import { ImageIcon, Plus, X } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { ImageField as SharedImageField } from '#src/components/image-field';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { fieldDescriptionClass, fieldLabelClass, TextField } from '#src/ui/field';
import { uploadBackstageImage } from '../api/upload-image';

type ImageFieldProps = Omit<ComponentProps<typeof SharedImageField>, 'upload'> & {
  /** Only the picture, without Upload, Replace or Remove. */
  isReadOnly?: boolean;
};

/** A picture stored through the backstage's image route. */
export function ImageField({ isReadOnly, ...props }: ImageFieldProps) {
  if (isReadOnly) return <ImagePreview {...props} />;
  return <SharedImageField {...props} upload={uploadBackstageImage} />;
}

function ImagePreview({ label, value, round }: Pick<ImageFieldProps, 'label' | 'value' | 'round'>) {
  const { trans } = useTrans();
  return (
    <figure className="flex flex-col">
      <figcaption className={fieldLabelClass}>{label}</figcaption>
      <div
        className={cx(
          'flex size-20 shrink-0 items-center justify-center overflow-hidden border border-divider bg-hover',
          round ? 'rounded-full' : 'rounded-theme',
        )}
      >
        {value ? (
          <img src={value} alt={label} className="size-full object-cover" />
        ) : (
          <>
            <ImageIcon aria-hidden className="size-6 text-muted" />
            <span className="sr-only">{trans('None')}</span>
          </>
        )}
      </div>
    </figure>
  );
}

export const MAX_GENRES = 20;

/** Genres as free tags (the server creates the ones that do not exist yet); read-only: the tags. */
export function GenresInput({
  value,
  onChange,
  isReadOnly,
}: {
  value: string[];
  onChange: (genres: string[]) => void;
  isReadOnly?: boolean;
}) {
  const { trans } = useTrans();
  const [text, setText] = useState('');
  if (isReadOnly)
    return (
      <div className="flex flex-col gap-2">
        <span className={fieldLabelClass}>{trans('Genres')}</span>
        {value.length > 0 ? (
          <ul aria-label={trans('Genres')} className="flex flex-wrap gap-2">
            {value.map((g) => (
              <li key={g} className="rounded-full border border-divider bg-bg px-3 py-0.5 text-sm">
                {g}
              </li>
            ))}
          </ul>
        ) : (
          <p className={fieldDescriptionClass}>{trans('No genres yet.')}</p>
        )}
      </div>
    );
  const add = () => {
    const name = text.trim();
    if (!name) return;
    if (!value.some((g) => g.toLowerCase() === name.toLowerCase())) onChange([...value, name]);
    setText('');
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-end gap-2">
        <TextField
          label={trans('Genres')}
          value={text}
          onChange={setText}
          className="min-w-0 flex-1"
          placeholder={trans('Ethio jazz')}
          isDisabled={value.length >= MAX_GENRES}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" startIcon={<Plus aria-hidden />} onPress={add} isDisabled={!text.trim()}>
          {trans('Add genre')}
        </Button>
      </div>
      {value.length > 0 ? (
        <ul aria-label={trans('Chosen genres')} className="flex flex-wrap gap-2">
          {value.map((g) => (
            <li
              key={g}
              className="flex items-center gap-1 rounded-full border border-divider bg-bg py-0.5 ps-3 pe-1 text-sm"
            >
              <span>{g}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((x) => x !== g))}
                aria-label={trans('Remove {name}', { name: g })}
                className="flex size-6 items-center justify-center rounded-full text-muted outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={fieldDescriptionClass}>
          {trans('Up to {max}: they help listeners find you.', { max: MAX_GENRES })}
        </p>
      )}
    </div>
  );
}
