import { msg } from '@zema/contracts';
import type { ReactNode } from 'react';
import { Trans, useTrans } from '#src/lib/i18n';
import { CopyButton } from '#src/ui/copy-button';
import { cx } from '#src/ui/cx';
import { useOnceNearViewport } from '#src/ui/use-once-near-viewport';
import { type ApiOperation, accessText, curlExample, type OpenApiDocument, typeLabel } from '../lib/openapi';
import { MethodBadge } from './method-badge';
import { PathText } from './path-text';
import { SchemaTable } from './schema-table';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-5">
      <h4 className="mb-2 text-sm font-semibold">{title}</h4>
      {children}
    </section>
  );
}

const authCode = (text: string) => <code className="font-mono text-xs">{text}</code>;

/**
 * How to authenticate, as one sentence: the bearer header always; a write from the browser also
 * echoes the XSRF header; "Optional" when the call works without a token.
 */
function authMessage(optional: boolean, read: boolean): string {
  if (read)
    return optional
      ? msg('Optional: {bearer}, or the browser session cookie.')
      : msg('{bearer}, or the browser session cookie.');
  return optional
    ? msg('Optional: {bearer}, or the browser session cookie with the {xsrfHeader} header.')
    : msg('{bearer}, or the browser session cookie with the {xsrfHeader} header.');
}

function statusClass(status: string) {
  if (status.startsWith('2')) return 'text-positive';
  if (status.startsWith('4')) return 'text-warning';
  if (status.startsWith('5')) return 'text-danger';
  return 'text-muted';
}

function RequiredText({ required }: { required: boolean }) {
  const { trans } = useTrans();
  return required ? (
    <span className="block text-xs font-semibold text-danger">{trans('required')}</span>
  ) : (
    <span className="block text-xs text-muted">{trans('optional')}</span>
  );
}

function Parameters({ doc, op }: { doc: OpenApiDocument; op: ApiOperation }) {
  const { trans } = useTrans();
  const params = op.operation.parameters ?? [];
  if (!params.length) return null;
  return (
    <Block title={trans('Parameters')}>
      <div className="overflow-hidden rounded-theme border border-divider">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">
            {trans('Parameters of {operation}', { operation: `${op.method.toUpperCase()} ${op.path}` })}
          </caption>
          <thead className="bg-bg-alt text-xs font-semibold text-muted">
            <tr>
              <th scope="col" className="w-1/2 px-3 py-2 sm:w-1/3">
                {trans('Name')}
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {trans('In')}
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {trans('Type')}
              </th>
              <th scope="col" className="hidden px-3 py-2 sm:table-cell">
                {trans('Required')}
              </th>
              <th scope="col" className="px-3 py-2 sm:hidden">
                {trans('Details')}
              </th>
            </tr>
          </thead>
          <tbody>
            {params.map((p) => (
              <tr key={`${p.in}-${p.name}`}>
                <th scope="row" className="border-t border-divider px-3 py-2 align-top font-normal">
                  <code className="[overflow-wrap:anywhere] font-mono text-[13px] font-semibold">
                    {p.name}
                  </code>
                  {p.description && <p className="mt-0.5 text-xs text-muted">{p.description}</p>}
                </th>
                <td className="border-t border-divider px-3 py-2 align-top text-xs text-muted sm:hidden">
                  <span className="block">{p.in}</span>
                  <span className="block font-mono [overflow-wrap:anywhere]">{typeLabel(doc, p.schema)}</span>
                  <RequiredText required={Boolean(p.required)} />
                </td>
                <td className="hidden border-t border-divider px-3 py-2 align-top text-muted sm:table-cell">
                  {p.in}
                </td>
                <td className="hidden border-t border-divider px-3 py-2 align-top font-mono text-xs text-muted [overflow-wrap:anywhere] sm:table-cell">
                  {typeLabel(doc, p.schema)}
                </td>
                <td className="hidden border-t border-divider px-3 py-2 align-top sm:table-cell">
                  <RequiredText required={Boolean(p.required)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Block>
  );
}

/**
 * One operation: its heading and summary at once; who may call it, parameters, body, responses and
 * a curl example once it comes near the viewport (the document has ~100 operations: rendering
 * them all up front made the page slow to appear).
 */
export function OperationSection({
  doc,
  op,
  baseUrl,
}: {
  doc: OpenApiDocument;
  op: ApiOperation;
  baseUrl: string;
}) {
  const { operation } = op;
  const label = `${op.method.toUpperCase()} ${op.path}`;
  const [ref, near] = useOnceNearViewport<HTMLElement>();

  return (
    <article
      ref={ref}
      id={op.id}
      aria-label={operation.summary ? `${label}: ${operation.summary}` : label}
      aria-busy={!near || undefined}
      data-details={near ? 'shown' : 'pending'}
      className="scroll-mt-4 rounded-theme border border-divider bg-paper p-4 sm:p-6"
    >
      <h3 id={`${op.id}-title`} tabIndex={-1} className="flex flex-wrap items-center gap-2 outline-none">
        <MethodBadge method={op.method} />
        <code className="min-w-0 font-mono text-sm font-semibold [overflow-wrap:anywhere] sm:text-base">
          <PathText path={op.path} />
        </code>
      </h3>
      {operation.summary && <p className="mt-2 text-base">{operation.summary}</p>}
      {operation.description && <p className="mt-1 text-sm text-muted">{operation.description}</p>}
      {near ? (
        <OperationDetails doc={doc} op={op} baseUrl={baseUrl} label={label} />
      ) : (
        // Roughly the height of the details, so the page does not jump much as they arrive.
        <div aria-hidden="true" className="min-h-48" />
      )}
    </article>
  );
}

function OperationDetails({
  doc,
  op,
  baseUrl,
  label,
}: {
  doc: OpenApiDocument;
  op: ApiOperation;
  baseUrl: string;
  label: string;
}) {
  const { trans } = useTrans();
  const { operation } = op;
  const rule = operation['x-zema-access'];
  const body = operation.requestBody?.content['application/json']?.schema;
  const curl = curlExample(doc, op, baseUrl);
  const tokenOptional = operation.security?.some((requirement) => Object.keys(requirement).length === 0);

  return (
    <>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[7rem_1fr]">
        <dt className="font-semibold text-muted">{trans('Access')}</dt>
        <dd data-testid="operation-access">
          {accessText(rule, trans)}
          {rule && <code className="ml-2 rounded bg-bg-alt px-1 font-mono text-xs">{rule}</code>}
        </dd>
        <dt className="font-semibold text-muted">{trans('Auth')}</dt>
        <dd>
          <Trans
            message={authMessage(tokenOptional === true, op.method === 'get')}
            elements={{
              bearer: authCode('Authorization: Bearer <token>'),
              xsrfHeader: authCode('X-XSRF-TOKEN'),
            }}
          />
        </dd>
      </dl>

      <Parameters doc={doc} op={op} />

      {body && (
        <Block title={trans('Request body (application/json)')}>
          <SchemaTable
            doc={doc}
            schema={body}
            caption={trans('Request body of {operation}', { operation: label })}
          />
        </Block>
      )}

      <Block title={trans('Responses')}>
        <ul className="space-y-3">
          {Object.entries(operation.responses).map(([status, response]) => {
            const schema = response.content?.['application/json']?.schema;
            return (
              <li key={status}>
                <p className="grid grid-cols-[2.75rem_minmax(0,1fr)] items-baseline text-sm">
                  <span className={cx('font-mono font-bold', statusClass(status))}>{status}</span>
                  <span>{response.description}</span>
                </p>
                {schema && status.startsWith('2') && (
                  <div className="mt-2">
                    <SchemaTable
                      doc={doc}
                      schema={schema}
                      caption={trans('Response {status} of {operation}', { status, operation: label })}
                    />
                  </div>
                )}
                {schema && !status.startsWith('2') && (
                  <p className="mt-0.5 pl-11 text-xs text-muted">
                    <Trans
                      message="Body: {type}"
                      elements={{ type: <code className="font-mono">{typeLabel(doc, schema)}</code> }}
                    />
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </Block>

      <Block title={trans('Example')}>
        <div className="relative rounded-theme border border-divider bg-bg-alt">
          <div className="flex items-center justify-between gap-2 border-b border-divider px-3 py-1.5">
            <span className="text-xs font-semibold text-muted">
              {/* i18n-ignore */}
              curl
            </span>
            <CopyButton
              text={curl}
              size="sm"
              aria-label={trans('Copy the curl example of {operation}', { operation: label })}
            />
          </div>
          <pre
            data-testid="curl-example"
            className="p-3 font-mono text-xs leading-5 whitespace-pre-wrap [overflow-wrap:anywhere]"
          >
            <code>{curl}</code>
          </pre>
        </div>
      </Block>
    </>
  );
}
