import type { DebugErrorPayload, ErrorFrame, ErrorTraceItem, VendorGroup } from '@zema/contracts';
import { ChevronRight, Package } from 'lucide-react';
import { useState } from 'react';
import { useTrans } from '#src/lib/i18n';
import { cx, insetFocusRing } from './cx';

/**
 * The frames view of a SPEC §3 error payload: exception and message, the stack frames (vendor
 * frames grouped and collapsible, 'N vendor frames') and the selected frame's code snippet with
 * the failing line highlighted. The error dialog shows it for a failed request; the admin's error
 * log shows it for a logged error, so both read the same way.
 */
function isGroup(item: ErrorTraceItem): item is VendorGroup {
  return 'vendorGroup' in item;
}

function allFrames(trace: ErrorTraceItem[]): ErrorFrame[] {
  return trace.flatMap((item) => (isGroup(item) ? item.items : [item]));
}

function firstSelected(trace: ErrorTraceItem[]): number | null {
  const frames = allFrames(trace);
  return (frames.find((f) => !f.isVendor) ?? frames[0])?.flatIndex ?? null;
}

export function ErrorDetails({ payload }: { payload: DebugErrorPayload }) {
  const { trans } = useTrans();
  const [selected, setSelected] = useState<number | null>(() => firstSelected(payload.trace));
  const frame = allFrames(payload.trace).find((f) => f.flatIndex === selected) ?? null;
  return (
    <>
      <header className="flex flex-col gap-1 px-6 md:px-0">
        <p className="font-mono text-xs font-semibold break-all text-danger">{payload.exception}</p>
        <p className="text-base font-semibold break-words text-fg md:text-lg">{payload.message}</p>
      </header>
      <div className="grid min-h-0 flex-1 grid-rows-[minmax(0,auto)_minmax(0,1fr)] gap-4 md:grid-cols-[minmax(260px,360px)_minmax(0,1fr)] md:grid-rows-1">
        <nav
          aria-label={trans('Stack frames')}
          className="min-h-0 overflow-y-auto border-divider md:rounded-theme md:border"
        >
          <ol className="flex flex-col py-1">
            {payload.trace.map((item, i) =>
              isGroup(item) ? (
                <VendorGroupRow
                  // biome-ignore lint/suspicious/noArrayIndexKey: groups have no id; the trace never reorders
                  key={`group-${i}`}
                  group={item}
                  selected={selected}
                  onSelect={setSelected}
                />
              ) : (
                <FrameRow key={item.flatIndex} frame={item} selected={selected} onSelect={setSelected} />
              ),
            )}
          </ol>
        </nav>
        <CodeSnippet frame={frame} />
      </div>
    </>
  );
}

interface RowProps {
  selected: number | null;
  onSelect: (flatIndex: number) => void;
}

function FrameRow({ frame, selected, onSelect, nested }: RowProps & { frame: ErrorFrame; nested?: boolean }) {
  const { trans } = useTrans();
  const isSelected = frame.flatIndex === selected;
  return (
    <li>
      <button
        type="button"
        aria-current={isSelected ? 'true' : undefined}
        onClick={() => onSelect(frame.flatIndex)}
        className={cx(
          'flex w-full cursor-pointer flex-col gap-0.5 border-l-4 px-4 py-2 text-left',
          insetFocusRing,
          isSelected ? 'border-danger bg-danger/10' : 'border-transparent hover:bg-hover',
          nested && 'pl-8',
        )}
      >
        <span
          className={cx(
            'font-mono text-xs font-semibold break-all',
            frame.isVendor ? 'text-muted' : 'text-fg',
          )}
        >
          {frame.method || trans('(anonymous)')}
        </span>
        <span className="font-mono text-[11px] break-all text-muted">
          {frame.path}:{frame.lineNumber}
        </span>
      </button>
    </li>
  );
}

function VendorGroupRow({ group, selected, onSelect }: RowProps & { group: VendorGroup }) {
  const { trans } = useTrans();
  const containsSelected = group.items.some((f) => f.flatIndex === selected);
  const [expanded, setExpanded] = useState(containsSelected);
  const count = group.items.length;
  // The SPEC §2 label, as written: 'N vendor frames'.
  const label = trans('{count} vendor frames', { count });
  return (
    <li>
      <button
        type="button"
        aria-expanded={expanded}
        onClick={() => setExpanded((v) => !v)}
        className={cx(
          'flex w-full cursor-pointer items-center gap-2 px-4 py-2 text-left text-xs font-medium text-muted hover:bg-hover hover:text-fg',
          insetFocusRing,
        )}
      >
        <ChevronRight
          aria-hidden="true"
          className={cx('size-4 shrink-0 transition-transform', expanded && 'rotate-90')}
        />
        <Package aria-hidden="true" className="size-4 shrink-0" />
        {label}
      </button>
      {expanded && (
        <ol>
          {group.items.map((frame) => (
            <FrameRow key={frame.flatIndex} frame={frame} selected={selected} onSelect={onSelect} nested />
          ))}
        </ol>
      )}
    </li>
  );
}

function CodeSnippet({ frame }: { frame: ErrorFrame | null }) {
  const { trans } = useTrans();
  if (!frame) {
    return <p className="px-6 text-sm text-muted md:px-0">{trans('This error has no stack frames.')}</p>;
  }
  const lines = Object.entries(frame.codeSnippet)
    .map(([n, code]) => [Number(n), code] as const)
    .filter(([n]) => Number.isFinite(n))
    .sort((a, b) => a[0] - b[0]);
  return (
    <section
      aria-label={trans('Source of {path}:{line}', { path: frame.path, line: frame.lineNumber })}
      className="flex min-h-0 flex-col overflow-hidden border-divider bg-bg-alt md:rounded-theme md:border"
    >
      <p className="border-b border-divider px-4 py-2 font-mono text-xs break-all text-muted">
        {frame.path}:{frame.lineNumber}
      </p>
      {lines.length === 0 ? (
        <p className="px-4 py-6 text-sm text-muted">{trans('No source is available for this frame.')}</p>
      ) : (
        <pre
          // Focusable, so a keyboard can scroll a snippet wider or taller than its box.
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must be reachable by keyboard (WCAG 2.1.1)
          tabIndex={0}
          className={cx('min-h-0 flex-1 overflow-auto py-2 font-mono text-xs leading-5', insetFocusRing)}
        >
          <code className="block min-w-max">
            {lines.map(([n, code]) => {
              const failing = n === frame.lineNumber;
              return (
                <span
                  key={n}
                  data-line={n}
                  aria-current={failing ? 'true' : undefined}
                  className={cx(
                    'flex border-l-4 pr-4',
                    failing
                      ? 'border-danger bg-danger/15 font-semibold text-fg'
                      : 'border-transparent text-fg/85',
                  )}
                >
                  {/* On the failing line's tint the muted colour falls short of 4.5:1; the body colour does not. */}
                  <span
                    className={cx(
                      'w-12 shrink-0 pr-3 text-right select-none',
                      failing ? 'text-fg' : 'text-muted',
                    )}
                  >
                    {n}
                  </span>
                  <span className="whitespace-pre">{code}</span>
                </span>
              );
            })}
          </code>
        </pre>
      )}
    </section>
  );
}
