import { ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTrans } from '#src/lib/i18n';
import { Button } from '#src/ui/button';
import { cx } from '#src/ui/cx';
import { type JsonSchema, type OpenApiDocument, type SchemaRow, schemaRows, typeLabel } from '../lib/openapi';

const cellClass = 'border-t border-divider px-3 py-2 align-top';

function RequiredMark({ required }: { required: boolean }) {
  const { trans } = useTrans();
  return required ? (
    <span className="text-xs font-semibold text-danger">{trans('required')}</span>
  ) : (
    <span className="text-xs text-muted">{trans('optional')}</span>
  );
}

function Details({ row }: { row: SchemaRow }) {
  const { trans } = useTrans();
  return (
    <>
      {row.description && <p className="text-sm">{row.description}</p>}
      {row.enumValues && (
        <p className="mt-1 text-xs text-muted">
          <Trans
            message="One of: {values}"
            elements={{
              values: row.enumValues.map((value, i) => (
                <span key={String(value)}>
                  {i > 0 && ', '}
                  <code className="rounded bg-bg-alt px-1 font-mono text-fg">{JSON.stringify(value)}</code>
                </span>
              )),
            }}
          />
        </p>
      )}
      {row.defaultValue !== undefined && (
        <p className="mt-1 text-xs text-muted">
          <Trans
            message="Default: {value}"
            elements={{
              value: <code className="font-mono text-fg">{JSON.stringify(row.defaultValue)}</code>,
            }}
          />
        </p>
      )}
      {row.constraints.length > 0 && (
        <p className="mt-1 text-xs text-muted">
          {row.constraints.map((c) => trans(c.message, c.values)).join(', ')}
        </p>
      )}
    </>
  );
}

/**
 * A JSON Schema as a table of its properties: name, type, required, description and allowed
 * values. Nested objects start folded; their toggle shows the nested rows.
 */
export function SchemaTable({
  doc,
  schema,
  caption,
}: {
  doc: OpenApiDocument;
  schema: JsonSchema;
  caption: string;
}) {
  const { trans } = useTrans();
  const rows = useMemo(() => schemaRows(doc, schema), [doc, schema]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const byKey = useMemo(() => new Map(rows.map((r) => [r.key, r])), [rows]);

  if (!rows.length) {
    return (
      <p className="text-sm text-muted">
        <span className="sr-only">{caption}: </span>
        <code className="font-mono">{typeLabel(doc, schema)}</code>
      </p>
    );
  }

  const isVisible = (row: SchemaRow) => {
    for (let parent = row.parentKey; parent; parent = byKey.get(parent)?.parentKey ?? null) {
      if (!expanded.has(parent)) return false;
    }
    return true;
  };
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <div className="overflow-hidden rounded-theme border border-divider">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-bg-alt text-xs font-semibold text-muted">
          <tr>
            <th scope="col" className="w-1/2 px-3 py-2 sm:w-1/3">
              {trans('Property')}
            </th>
            <th scope="col" className="hidden w-1/5 px-3 py-2 sm:table-cell">
              {trans('Type')}
            </th>
            <th scope="col" className="hidden w-24 px-3 py-2 sm:table-cell">
              {trans('Required')}
            </th>
            <th scope="col" className="px-3 py-2">
              {trans('Description')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.filter(isVisible).map((row) => {
            const open = expanded.has(row.key);
            return (
              <tr key={row.key} data-testid="schema-row">
                <th
                  scope="row"
                  className={cx(cellClass, 'font-normal')}
                  style={{ paddingLeft: `${0.75 + row.depth * 1}rem` }}
                >
                  <div className="flex items-start gap-1">
                    {row.childKeys.length > 0 ? (
                      <Button
                        variant="icon"
                        size="sm"
                        className="-my-1 -ml-2 size-7"
                        aria-expanded={open}
                        aria-label={trans(
                          open
                            ? 'Hide the {count, plural, one {# property} other {# properties}} of {name}'
                            : 'Show the {count, plural, one {# property} other {# properties}} of {name}',
                          { count: row.childKeys.length, name: row.key },
                        )}
                        onPress={() => toggle(row.key)}
                      >
                        <ChevronRight
                          aria-hidden="true"
                          className={cx('transition-transform', open && 'rotate-90')}
                        />
                      </Button>
                    ) : null}
                    <span className="min-w-0">
                      <code className="[overflow-wrap:anywhere] font-mono text-[13px] font-semibold text-fg">
                        {row.name}
                      </code>
                      <span className="block font-mono text-xs text-muted [overflow-wrap:anywhere] sm:hidden">
                        {row.type}
                      </span>
                      <span className="block sm:hidden">
                        <RequiredMark required={row.required} />
                      </span>
                    </span>
                  </div>
                </th>
                <td
                  className={cx(
                    cellClass,
                    'hidden font-mono text-xs [overflow-wrap:anywhere] text-muted sm:table-cell',
                  )}
                >
                  {row.type}
                </td>
                <td className={cx(cellClass, 'hidden sm:table-cell')}>
                  <RequiredMark required={row.required} />
                </td>
                <td className={cx(cellClass, 'break-words')}>
                  <Details row={row} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
