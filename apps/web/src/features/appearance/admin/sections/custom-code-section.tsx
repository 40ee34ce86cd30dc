import { AlertTriangle } from 'lucide-react';
import { useTrans } from '#src/lib/i18n';
import { TextField } from '#src/ui/field';
import { groupClass, type SectionProps } from './section';

/**
 * Custom CSS (always) and HTML (its own permission): added to every page with the page's CSP
 * nonce. The server removes scripts, event handlers and frames from the HTML.
 */
export function CustomCodeSection({ values, change, canEditHtml }: SectionProps) {
  const { trans } = useTrans();
  return (
    <div className="flex flex-col gap-6">
      <section className={groupClass} aria-labelledby="appearance-custom-css">
        <h2 id="appearance-custom-css" className="font-semibold text-fg text-sm">
          {trans('Custom CSS')}
        </h2>
        <TextField
          /* i18n-ignore */
          label="CSS"
          description={trans('Added after the theme on every page, so it can override it.')}
          multiline
          rows={10}
          inputClassName="font-mono text-xs"
          value={values.custom_code.css}
          onChange={(css) =>
            change((v) => ({ ...v, custom_code: { ...v.custom_code, css } }), {
              type: 'setCustomCode',
              mode: 'css',
              value: css,
            })
          }
        />
      </section>
      <section className={groupClass} aria-labelledby="appearance-custom-html">
        <h2 id="appearance-custom-html" className="font-semibold text-fg text-sm">
          {trans('Custom HTML')}
        </h2>
        <p className="flex gap-2 text-sm text-warning">
          <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {trans('Shown at the end of every page. Scripts, frames, forms and event handlers are removed.')}
        </p>
        <TextField
          /* i18n-ignore */
          label="HTML"
          description={
            canEditHtml ? undefined : trans('Changing it needs the "Edit custom HTML" permission.')
          }
          multiline
          rows={8}
          isReadOnly={!canEditHtml}
          inputClassName="font-mono text-xs"
          value={values.custom_code.html}
          onChange={(html) => change((v) => ({ ...v, custom_code: { ...v.custom_code, html } }))}
        />
      </section>
    </div>
  );
}
