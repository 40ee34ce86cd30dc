import { ArrowDown, ArrowUp } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { Button } from './button';

/** -1: one place up (earlier), 1: one place down (later). */
export type MoveDirection = -1 | 1;

export interface MoveButtonsProps {
  /** What the item is called, in the buttons' names ('Move {name} up'). */
  label: string;
  /** The first item cannot go up. */
  isFirst: boolean;
  /** The last item cannot go down. */
  isLast: boolean;
  onMove: (direction: MoveDirection) => void;
  /** Both buttons off (while the order is being saved, say). */
  isDisabled?: boolean;
}

/**
 * A list item's move up / move down icon buttons: what dragging it does, one place at a time, for
 * whoever cannot or would rather not drag. Two siblings, no wrapper: they sit in the row's flex
 * line beside its other buttons.
 */
export function MoveButtons({ label, isFirst, isLast, onMove, isDisabled }: MoveButtonsProps) {
  const { trans } = useTrans();
  return (
    <>
      <Button
        variant="icon"
        size="sm"
        aria-label={trans('Move {name} up', { name: label })}
        isDisabled={isDisabled || isFirst}
        onPress={() => onMove(-1)}
      >
        <ArrowUp aria-hidden="true" />
      </Button>
      <Button
        variant="icon"
        size="sm"
        aria-label={trans('Move {name} down', { name: label })}
        isDisabled={isDisabled || isLast}
        onPress={() => onMove(1)}
      >
        <ArrowDown aria-hidden="true" />
      </Button>
    </>
  );
}
