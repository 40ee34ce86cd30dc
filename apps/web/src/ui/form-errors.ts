import { DEFAULT_ERROR_MESSAGE } from '@zema/contracts';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../lib/api-error';
import { transNow } from '../lib/translate';
import { toast } from './toast';

export type ServerErrorForm<T extends FieldValues> = Pick<
  // Any resolver output: the form may check its values with a schema that transforms them.
  // biome-ignore lint/suspicious/noExplicitAny: the output type does not matter here
  UseFormReturn<T, any, any>,
  'setError' | 'getValues' | 'control'
>;

/**
 * Places the server's errors map on the form (SPEC §5, §8): each field gets its first message and
 * the first errored field takes focus. Messages for fields the form does not have are shown as a
 * danger toast. Without an errors map, shows a danger toast with the server's message (or the
 * default one) and returns false.
 */
export function applyServerErrors<T extends FieldValues>(form: ServerErrorForm<T>, error: unknown): boolean {
  const errors = errorsOf(error);
  if (!errors) {
    toast.danger(messageOf(error));
    return false;
  }
  let focused = false;
  let unplaced: string | null = null;
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    if (!hasField(form, field)) {
      unplaced ??= message;
      continue;
    }
    form.setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: !focused });
    focused = true;
  }
  if (unplaced) toast.danger(unplaced);
  return true;
}

function hasField<T extends FieldValues>(form: ServerErrorForm<T>, field: string): boolean {
  // `_names.mount` holds the registered (rendered) fields; default values cover the rest.
  if (form.control._names.mount.has(field)) return true;
  return form.getValues(field as FieldPath<T>) !== undefined;
}

function errorsOf(error: unknown): Record<string, string[]> | null {
  if (error instanceof ApiError) return error.errors;
  if (!error || typeof error !== 'object' || !('errors' in error)) return null;
  const raw = (error as { errors: unknown }).errors;
  if (!raw || typeof raw !== 'object') return null;
  const out: Record<string, string[]> = {};
  for (const [field, value] of Object.entries(raw as Record<string, unknown>)) {
    const list = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (list.length) out[field] = list;
  }
  return Object.keys(out).length ? out : null;
}

function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return transNow(DEFAULT_ERROR_MESSAGE);
}
