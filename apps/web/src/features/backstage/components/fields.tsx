import { ImageIcon, Plus, Upload, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Button } from '#src/ui/button';
import { fieldDescriptionClass, fieldLabelClass, TextField } from '#src/ui/field';
import { toast } from '#src/ui/toast';
import { useUploadBackstageImage } from '../api/upload-image';

/** A picture: upload (re-encoded on the server), see it, remove it; its URL goes into the form. */
export function ImageField({
  label,
  value,
  onChange,
  round,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  round?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadBackstageImage();
  const id = useId();
  return (
    <div className="flex flex-col">
      <span id={id} className={fieldLabelClass}>
        {label}
      </span>
      <div className="flex items-center gap-3">
        <div
          className={`flex size-20 shrink-0 items-center justify-center overflow-hidden border border-divider bg-hover ${round ? 'rounded-full' : 'rounded-theme'}`}
        >
          {value ? (
            <img src={value} alt="" className="size-full object-cover" />
          ) : (
            <ImageIcon aria-hidden className="size-6 text-muted" />
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-labelledby={id}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (!file) return;
              upload.mutate(file, {
                onSuccess: (url) => onChange(url),
                onError: (err) => toast.danger(err instanceof Error ? err.message : String(err)),
              });
            }}
          />
          <Button
            variant="outline"
            size="sm"
            startIcon={<Upload aria-hidden />}
            isPending={upload.isPending}
            onPress={() => input.current?.click()}
            aria-label={`${value ? 'Replace' : 'Upload'} ${label.toLowerCase()}`}
          >
            {value ? 'Replace' : 'Upload'}
          </Button>
          {value && (
            <Button
              variant="text"
              size="sm"
              onPress={() => onChange(null)}
              aria-label={`Remove ${label.toLowerCase()}`}
            >
              Remove
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}

export const MAX_GENRES = 20;

/** Genres as free tags (the server creates the ones that do not exist yet). */
export function GenresInput({ value, onChange }: { value: string[]; onChange: (genres: string[]) => void }) {
  const [text, setText] = useState('');
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
          label="Genres"
          value={text}
          onChange={setText}
          className="min-w-0 flex-1"
          placeholder="Ethio jazz"
          isDisabled={value.length >= MAX_GENRES}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="outline" startIcon={<Plus aria-hidden />} onPress={add} isDisabled={!text.trim()}>
          Add genre
        </Button>
      </div>
      {value.length > 0 ? (
        <ul aria-label="Chosen genres" className="flex flex-wrap gap-2">
          {value.map((g) => (
            <li
              key={g}
              className="flex items-center gap-1 rounded-full border border-divider bg-bg py-0.5 ps-3 pe-1 text-sm"
            >
              <span>{g}</span>
              <button
                type="button"
                onClick={() => onChange(value.filter((x) => x !== g))}
                aria-label={`Remove ${g}`}
                className="flex size-6 items-center justify-center rounded-full text-muted outline-none hover:bg-hover focus-visible:ring-2 focus-visible:ring-primary"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={fieldDescriptionClass}>Up to {MAX_GENRES}: they help listeners find you.</p>
      )}
    </div>
  );
}
