import { useMutation } from '@tanstack/react-query';
import { ImageIcon, Upload } from 'lucide-react';
import { useId, useRef } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { fieldLabelClass } from '#src/ui/field';
import { toast } from '#src/ui/toast';

/**
 * A picture for a form: upload (re-encoded on the server), see it, remove it; its URL goes into the
 * form. `upload` is the feature's own image route (the admin catalogue's, the backstage's).
 */
export function ImageField({
  label,
  value,
  onChange,
  round,
  upload: send,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  round?: boolean;
  upload: (file: File) => Promise<string>;
}) {
  const { trans } = useTrans();
  const input = useRef<HTMLInputElement>(null);
  const upload = useMutation({ mutationFn: send, meta: { handlesErrors: true } });
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
            aria-label={
              value
                ? trans('Replace {label}', { label: label.toLowerCase() })
                : trans('Upload {label}', { label: label.toLowerCase() })
            }
          >
            {value ? trans('Replace') : trans('Upload')}
          </Button>
          {value && (
            <Button
              variant="text"
              size="sm"
              onPress={() => onChange(null)}
              aria-label={trans('Remove {label}', { label: label.toLowerCase() })}
            >
              {trans('Remove')}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
