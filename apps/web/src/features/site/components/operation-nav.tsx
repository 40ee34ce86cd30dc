import { useTrans } from '#src/lib/i18n';
import { cx } from '#src/ui/cx';
import { Select } from '#src/ui/select';
import { type OperationGroup, tagSlug } from '../lib/openapi';
import { MethodBadge } from './method-badge';
import { PathText } from './path-text';

export const INTRO_ID = 'introduction';

/** Scrolls to a section and moves focus to its heading, so keyboard users land there too. */
export function jumpTo(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  const heading = document.getElementById(`${id}-title`);
  heading?.focus({ preventScroll: true });
  window.history.replaceState(window.history.state, '', `#${id}`);
}

/** Large screens: the tags with their operations (method badge + path), as in-page links. */
export function OperationSidebar({ groups }: { groups: OperationGroup[] }) {
  const { trans } = useTrans();
  const linkClass = cx('flex items-center gap-2 rounded-theme px-2 py-1.5 text-sm text-fg hover:bg-hover');
  const go = (id: string) => (event: React.MouseEvent) => {
    event.preventDefault();
    jumpTo(id);
  };
  return (
    <nav aria-label={trans('API operations')}>
      <a href={`#${INTRO_ID}`} onClick={go(INTRO_ID)} className={cx(linkClass, 'font-semibold')}>
        {trans('Introduction')}
      </a>
      {groups.map((group) => (
        <div key={group.tag} className="mt-4">
          <p
            id={`nav-${tagSlug(group.tag)}`}
            className="px-2 text-xs font-semibold tracking-wide text-muted uppercase"
          >
            {group.tag}
          </p>
          <ul aria-labelledby={`nav-${tagSlug(group.tag)}`} className="mt-1 space-y-0.5">
            {group.operations.map((op) => (
              <li key={op.id}>
                <a href={`#${op.id}`} onClick={go(op.id)} title={op.operation.summary} className={linkClass}>
                  <MethodBadge method={op.method} className="w-14" />
                  <span className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">
                    <PathText path={op.path} />
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

/** Small screens: the same list as a select that jumps to the chosen operation. */
export function OperationJumpSelect({ groups }: { groups: OperationGroup[] }) {
  const { trans } = useTrans();
  const items = [
    { id: INTRO_ID, label: trans('Introduction') },
    ...groups.flatMap((g) =>
      g.operations.map((op) => ({
        id: op.id,
        label: `${op.method.toUpperCase()} ${op.path}`,
        description: `${g.tag}${op.operation.summary ? ` · ${op.operation.summary}` : ''}`,
      })),
    ),
  ];
  return (
    <Select
      label={trans('Jump to')}
      items={items}
      placeholder={trans('Choose an operation')}
      selectedKey={null}
      onSelectionChange={(key) => {
        // After the popup has closed and given focus back, move it to the chosen section.
        if (key !== null) setTimeout(() => jumpTo(String(key)), 0);
      }}
    />
  );
}
