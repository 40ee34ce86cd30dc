import type { FollowableType } from '@zema/contracts';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { Button, type ButtonSize } from '#src/ui/button';
import { useFollowToggle } from '../api/use-follow';

export interface FollowButtonProps {
  type: FollowableType;
  id: number;
  /** Read after the visible text by screen readers ("Follow Aster Aweke"). */
  name: string;
  size?: ButtonSize;
  className?: string;
}

/** "Follow" / "Following" toggle for an artist or a user; hidden on your own profile. */
export function FollowButton({ type, id, name, size = 'md', className }: FollowButtonProps) {
  const { trans } = useTrans();
  const { user } = useAuth();
  const { followed, toggle, isPending } = useFollowToggle(type, id);
  if (type === 'user' && user?.id === id) return null;
  return (
    <Button
      variant="outline"
      size={size}
      aria-pressed={followed}
      onPress={toggle}
      isDisabled={isPending}
      className={className}
    >
      {followed ? trans('Following') : trans('Follow')}
      <span className="sr-only"> {name}</span>
    </Button>
  );
}
