import type { RadioStationAdmin } from '@zema/contracts';
import { GripVertical, Plus } from 'lucide-react';
import { Cell, Column, Button as RACButton, Row, Table, TableBody, TableHeader } from 'react-aria-components';
import { Link } from 'react-router';
import { AdminPage } from '#src/components/admin/admin-page';
import { useReorder } from '#src/components/admin/reorder';
import { ErrorState } from '#src/components/states';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { LinkButton } from '#src/ui/button';
import { cx, insetFocusRing } from '#src/ui/cx';
import { MoveButtons } from '#src/ui/move-buttons';
import { Spinner } from '#src/ui/spinner';
import { useAdminStations } from '../api/admin-stations';
import { useReorderStations } from '../api/reorder-stations';
import { StationArt } from '../components/station-art';
import { SOURCE_LABELS } from './labels';

const headClass = 'px-3 py-2 text-left text-xs font-semibold text-muted';
const cellClass = 'px-3 py-2 align-middle';

/**
 * /admin/radio: every station, hidden ones too, in the order of the `/radio` page. A row moves by
 * its handle (drag it, or focus it and press Enter, the arrow keys and Enter again: React Aria's
 * drag and drop) or with its move up / move down buttons; each move is saved at once.
 */
export default function AdminRadioPage() {
  const { trans } = useTrans();
  const query = useAdminStations();
  const reorder = useReorderStations();
  const stations = query.data?.stations ?? [];
  const ids = stations.map((s) => s.id);
  const save = (next: number[]) => {
    if (next.some((id, i) => id !== ids[i])) reorder.mutate(next);
  };
  const { dragAndDropHooks, step } = useReorder({
    ids,
    name: (id) => stations.find((s) => s.id === id)?.name ?? String(id),
    onReorder: save,
  });

  return (
    <AdminPage
      title={trans('Radio')}
      description={trans(
        'The live stations of the radio page: their streams, where their now-playing comes from, and their order.',
      )}
      actions={
        <LinkButton href={paths.adminRadioStation('new')} startIcon={<Plus aria-hidden className="size-4" />}>
          {trans('New station')}
        </LinkButton>
      }
    >
      {query.isPending ? (
        <Spinner className="mx-auto my-12" label={trans('Loading stations')} />
      ) : query.isError ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">
            {trans(
              'Drag a station by its handle, or focus the handle and press Enter, then the arrow keys and Enter again; the arrows on each row move it one place.',
            )}
          </p>
          <div className="overflow-x-auto rounded-theme border border-divider bg-bg">
            <Table
              aria-label={trans('Stations')}
              dragAndDropHooks={dragAndDropHooks}
              className="w-full min-w-[40rem] border-collapse text-sm"
            >
              <TableHeader className="border-b border-divider">
                <Column className={cx(headClass, 'w-10')}>
                  <span className="sr-only">{trans('Move')}</span>
                </Column>
                <Column isRowHeader className={headClass}>
                  {trans('Station')}
                </Column>
                <Column className={headClass}>{trans('Source')}</Column>
                <Column className={headClass}>{trans('Visibility')}</Column>
                <Column className={cx(headClass, 'w-24')}>{trans('Order')}</Column>
              </TableHeader>
              <TableBody
                items={stations}
                renderEmptyState={() => (
                  <div className="px-3 py-10 text-center text-sm text-muted">{trans('No stations yet')}</div>
                )}
              >
                {(station) => {
                  const index = ids.indexOf(station.id);
                  return (
                    <Row
                      id={station.id}
                      textValue={station.name}
                      className={cx(
                        'border-b border-divider bg-bg outline-none last:border-b-0 data-dragging:opacity-50 data-drop-target:bg-primary/10 data-focus-visible:shadow-[inset_3px_0_0_var(--color-primary)]',
                        insetFocusRing,
                      )}
                    >
                      <Cell className={cellClass}>
                        <RACButton
                          slot="drag"
                          aria-label={trans('Move {name}', { name: station.name })}
                          className="flex size-8 cursor-grab items-center justify-center rounded text-muted outline-none"
                        >
                          <GripVertical aria-hidden className="size-4" />
                        </RACButton>
                      </Cell>
                      <Cell className={cellClass}>
                        <StationName station={station} />
                      </Cell>
                      <Cell className={cellClass}>{trans(SOURCE_LABELS[station.source.kind])}</Cell>
                      <Cell className={cellClass}>
                        <span
                          className={cx(
                            'inline-flex rounded-full px-2 py-0.5 text-xs font-medium',
                            station.public ? 'bg-positive/15 text-fg' : 'bg-hover text-muted',
                          )}
                        >
                          {station.public ? trans('Public') : trans('Hidden')}
                        </span>
                      </Cell>
                      <Cell className={cellClass}>
                        <span className="flex items-center gap-1">
                          <MoveButtons
                            label={station.name}
                            isFirst={index <= 0}
                            isLast={index === ids.length - 1}
                            onMove={(direction) => step(index, direction)}
                          />
                        </span>
                      </Cell>
                    </Row>
                  );
                }}
              </TableBody>
            </Table>
          </div>
        </div>
      )}
    </AdminPage>
  );
}

function StationName({ station }: { station: RadioStationAdmin }) {
  const { trans } = useTrans();
  return (
    <Link
      to={paths.adminRadioStation(station)}
      className="flex min-w-0 items-center gap-3 rounded-sm hover:underline"
    >
      <StationArt src={station.cover} className="size-10 rounded" />
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium text-fg">
          {station.name}
          {station.builtin && (
            <span className="ms-2 text-xs font-normal text-muted">{trans('Built-in')}</span>
          )}
        </span>
        {/* i18n-ignore */}
        <span className="truncate text-xs text-muted">{paths.radio(station)}</span>
      </span>
    </Link>
  );
}
