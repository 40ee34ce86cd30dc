import { GripVertical, Trash2, X } from 'lucide-react';
import { GridList, GridListItem, Button as RACButton, useDragAndDrop } from 'react-aria-components';
import { formatDuration } from '#src/lib/format';
import { useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx, insetFocusRing } from '#src/ui/cx';
import { MoveButtons } from '#src/ui/move-buttons';
import type { QueueItem } from '../lib/queue';
import { getPlayer, usePlayerState } from '../lib/use-player';
import { TrackTitle } from './track-list';

/**
 * What plays now and next. Entries reorder by drag (mouse, touch, or keyboard through the grip:
 * Enter picks up, arrows move, Enter drops) and with the Move up / Move down buttons.
 */
export function QueuePanel({ className }: { className?: string }) {
  const { trans } = useTrans();
  const queue = usePlayerState((s) => s.queue);
  const index = usePlayerState((s) => s.index);
  // While a radio station plays, the queue waits: its entry is where it resumes, not "now playing".
  const live = usePlayerState((s) => !!s.live);
  const player = getPlayer();

  const { dragAndDropHooks } = useDragAndDrop({
    getItems: (keys) => [...keys].map((key) => ({ 'text/plain': String(key) })),
    onReorder(e) {
      const state = player.getSnapshot().queue;
      const moving = [...e.keys][0];
      const from = state.findIndex((i) => i.key === moving);
      let to = state.findIndex((i) => i.key === e.target.key);
      if (from < 0 || to < 0) return;
      if (e.target.dropPosition === 'after' && from > to) to += 1;
      if (e.target.dropPosition === 'before' && from < to) to -= 1;
      player.move(from, to);
    },
  });

  const upcoming = queue.length - Math.max(index + 1, 0);
  return (
    <section aria-label={trans('Queue')} className={cx('flex min-h-0 flex-col', className)}>
      <div className="flex items-center gap-2 pb-2">
        <p className="text-sm text-muted">
          {trans(
            '{count, plural, one {# track in the queue, {upcoming} up next} other {# tracks in the queue, {upcoming} up next}}',
            { count: queue.length, upcoming },
          )}
        </p>
        <Button
          variant="text"
          size="sm"
          className="ml-auto"
          startIcon={<Trash2 aria-hidden="true" className="size-4" />}
          isDisabled={queue.length <= 1}
          onPress={() => player.clear()}
        >
          {trans('Clear queue')}
        </Button>
      </div>
      {queue.length === 0 ? (
        <p className="py-8 text-center text-sm text-muted">{trans('Your queue is empty. Play something!')}</p>
      ) : (
        <GridList
          aria-label={trans('Queue')}
          items={queue.map((item, i) => ({ ...item, id: item.key, i }))}
          dragAndDropHooks={dragAndDropHooks}
          className="min-h-0 flex-1 overflow-y-auto outline-none"
          data-testid="queue-list"
        >
          {(item) => (
            <QueueRow
              item={item}
              position={item.i}
              isCurrent={!live && item.i === index}
              total={queue.length}
            />
          )}
        </GridList>
      )}
    </section>
  );
}

function QueueRow({
  item,
  position,
  isCurrent,
  total,
}: {
  item: QueueItem & { id: string };
  position: number;
  isCurrent: boolean;
  total: number;
}) {
  const { trans } = useTrans();
  const player = getPlayer();
  const { track } = item;
  const artists = track.artists.map((a) => a.name).join(', ');
  return (
    <GridListItem
      id={item.key}
      textValue={`${track.name} — ${artists}`}
      onAction={() => player.playAt(position)}
      className={cx(
        'group flex items-center gap-2 rounded-theme px-1 py-1.5 text-sm outline-none',
        'data-hovered:bg-hover',
        insetFocusRing,
        'data-dragging:opacity-50 data-drop-target:bg-hover',
        !track.stream_url && 'opacity-60',
      )}
    >
      <RACButton
        slot="drag"
        aria-label={trans('Drag {name}', { name: track.name })}
        className="cursor-grab rounded p-1 text-muted"
      >
        <GripVertical aria-hidden="true" className="size-4" />
      </RACButton>
      <TrackTitle
        track={track}
        isCurrent={isCurrent}
        links={false}
        compact
        before={isCurrent && <span className="sr-only">{trans('Now playing:')} </span>}
      />
      {/* Phones keep the width for the title: no cover, no length. */}
      <span className="text-xs text-muted tabular-nums max-sm:hidden">
        {formatDuration(track.duration_ms / 1000)}
      </span>
      <MoveButtons
        label={track.name}
        isFirst={position === 0}
        isLast={position === total - 1}
        onMove={(direction) => player.move(position, position + direction)}
      />
      <Button
        variant="icon"
        size="sm"
        aria-label={trans('Remove {name} from the queue', { name: track.name })}
        onPress={() => player.remove(item.key)}
      >
        <X aria-hidden="true" />
      </Button>
    </GridListItem>
  );
}
