import { type FormEvent, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { Dialog } from '#src/ui/dialog';
import { TextField } from '#src/ui/field';

export interface EditorPrompt {
  title: string;
  label: string;
  description?: string;
  initial?: string;
  submitLabel: string;
  /** An error message for a value that cannot be used, or null. */
  check?: (value: string) => string | null;
  onSubmit: (value: string) => void;
}

/** One question of the page editor (a link's address, an embed's address, a picture's description). */
export function EditorPromptDialog({ prompt, onClose }: { prompt: EditorPrompt; onClose: () => void }) {
  const { trans } = useTrans();
  const [value, setValue] = useState(prompt.initial ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = prompt.check?.(value.trim()) ?? null;
    if (problem) return setError(problem);
    prompt.onSubmit(value.trim());
    onClose();
  };
  return (
    <Dialog title={prompt.title} size="sm" isOpen onOpenChange={(open) => !open && onClose()}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={prompt.label}
          description={prompt.description}
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          errorMessage={error ?? undefined}
          autoFocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="text" onPress={onClose}>
            {trans('Cancel')}
          </Button>
          <Button variant="primary" type="submit">
            {prompt.submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
