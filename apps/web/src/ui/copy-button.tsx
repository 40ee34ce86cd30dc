import { Check, Copy } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonSize, type ButtonVariant } from './button';

/** SPEC §4: the copy button says 'Copied!' for 1 second. */
export const COPIED_MS = 1000;

export interface CopyButtonProps {
  /** The text put on the clipboard. */
  text: string;
  /** The button's label before copying ("Copy", translated, when absent). */
  label?: string;
  /** Accessible name when the label alone is ambiguous (e.g. 'Copy setup key'). */
  'aria-label'?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      return await navigator.clipboard.writeText(text);
    } catch {
      // The browser refused the asynchronous clipboard (a policy, no permission): the copy
      // command below still works inside the click.
    }
  }
  // Older browsers and insecure origins: a hidden textarea and execCommand.
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

export function CopyButton({
  text,
  label,
  'aria-label': ariaLabel,
  variant = 'outline',
  size = 'md',
  className,
}: CopyButtonProps) {
  const { trans } = useTrans();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async () => {
    await writeClipboard(text);
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_MS);
  };

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-label={copied ? undefined : ariaLabel}
      onPress={() => void copy()}
      startIcon={
        copied ? (
          <Check aria-hidden="true" className="size-4 text-positive" />
        ) : (
          <Copy aria-hidden="true" className="size-4" />
        )
      }
    >
      <span aria-live="polite">{copied ? trans('Copied!') : (label ?? trans('Copy'))}</span>
    </Button>
  );
}
