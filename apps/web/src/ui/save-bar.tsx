import type { ReactNode } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';
import { cx } from './cx';

export interface SaveBarProps {
  /** The form differs from what is saved: says so, and lets Discard go back. */
  isDirty: boolean;
  /** A save is under way: the save button spins and Discard waits for it. */
  isSaving?: boolean;
  /** The save button's text, naming what it saves ("Save role", "Create plan"). */
  saveLabel: string;
  /** Called by the save button; without it the button submits the form the bar is in. */
  onSave?: () => void;
  /** The page's own reason to hold the save button (nothing changed yet, a required name empty). */
  isSaveDisabled?: boolean;
  /** Back to what is saved. */
  onDiscard: () => void;
  /** Defaults to "Discard". */
  discardLabel?: string;
  /** A line in place of "Unsaved changes" (why the save button is held, say). */
  message?: ReactNode;
  /** A save's error, shown in place of any other line and announced at once. */
  error?: string | null;
  /**
   * `edge` (default): a strip along the bottom of the page; `floating`: a card over the end of a
   * form that sits among others (the settings groups).
   */
  variant?: 'edge' | 'floating';
  /** Names the bar for assistive technology; defaults to "Save or discard changes". */
  'aria-label'?: string;
}

const variants = {
  edge: 'bottom-(--bottom-bar-inset) border-t border-divider bg-bg-alt/95',
  floating:
    'bottom-[calc(var(--bottom-bar-inset)+0.75rem)] rounded-theme border border-divider bg-bg/95 px-4 shadow-md',
};

/**
 * The save / discard bar at the end of an edit form. It sticks to the bottom of the viewport (above
 * the player bar, whose height --bottom-bar-inset gives) so Save stays in reach on a long form, and
 * says while there is something unsaved. The line is a status region that is always there, so a
 * screen reader hears "Unsaved changes" when it appears rather than nothing.
 */
export function SaveBar({
  isDirty,
  isSaving = false,
  saveLabel,
  onSave,
  isSaveDisabled,
  onDiscard,
  discardLabel,
  message,
  error,
  variant = 'edge',
  'aria-label': ariaLabel,
}: SaveBarProps) {
  const { trans } = useTrans();
  return (
    // A fieldset is a named group of controls; it takes no legend here, the bar has no heading.
    <fieldset
      aria-label={ariaLabel ?? trans('Save or discard changes')}
      className={cx(
        'sticky z-10 flex min-w-0 flex-wrap items-center justify-end gap-2 py-3 backdrop-blur',
        variants[variant],
      )}
    >
      {error ? (
        <span role="alert" className="me-auto text-sm font-medium text-danger">
          {error}
        </span>
      ) : (
        <span role="status" className="me-auto text-sm text-muted">
          {message ?? (isDirty ? trans('Unsaved changes') : null)}
        </span>
      )}
      <Button variant="text" isDisabled={!isDirty || isSaving} onPress={onDiscard}>
        {discardLabel ?? trans('Discard')}
      </Button>
      <Button
        type={onSave ? 'button' : 'submit'}
        isDisabled={isSaveDisabled}
        isPending={isSaving}
        onPress={onSave}
      >
        {saveLabel}
      </Button>
    </fieldset>
  );
}
