import { Play } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';

/** The big round play button of a page header; its name is "Play {what}" (what the browser tests and screen readers find). */
export function PlayButton({
  name,
  onPress,
  isDisabled,
  isPending,
  size = 'lg',
  className,
}: {
  name: string;
  onPress: () => void;
  isDisabled?: boolean;
  isPending?: boolean;
  size?: 'md' | 'lg';
  className?: string;
}) {
  const { trans } = useTrans();
  return (
    <Button
      aria-label={trans('Play {name}', { name })}
      onPress={onPress}
      isDisabled={isDisabled}
      isPending={isPending}
      shape="circle"
      className={cx(size === 'lg' ? 'size-14' : 'size-11', className)}
    >
      <Play aria-hidden="true" className={size === 'lg' ? 'size-6' : 'size-5'} fill="currentColor" />
    </Button>
  );
}
