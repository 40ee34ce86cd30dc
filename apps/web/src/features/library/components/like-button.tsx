import type { LikeableType } from '@zema/contracts';
import { Heart } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonSize } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { useLikeToggle } from '../api/use-like';

export interface LikeButtonProps {
  type: LikeableType;
  id: number;
  /** The item's name, for the button's accessible label. */
  name: string;
  size?: ButtonSize;
  className?: string;
}

/**
 * A heart toggle. The label stays "Like {name}" and aria-pressed carries the state, so screen
 * readers announce "Like Song, toggle button, pressed" instead of a label that flips.
 */
export function LikeButton({ type, id, name, size = 'md', className }: LikeButtonProps) {
  const { trans } = useTrans();
  const { liked, toggle } = useLikeToggle(type, id);
  const label = trans('Like {name}', { name });
  return (
    <Button
      variant="icon"
      size={size}
      aria-label={label}
      data-type={type}
      aria-pressed={liked}
      onPress={toggle}
      className={cx(liked && 'text-primary data-hovered:text-primary', className)}
    >
      <Heart aria-hidden="true" fill={liked ? 'currentColor' : 'none'} />
    </Button>
  );
}
