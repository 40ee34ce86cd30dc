// Planted for scripts/i18n.mjs, which must find each of these before it checks the code.
declare const trans: (message: string, values?: Record<string, string>) => string;
declare const open: boolean;
declare const name: string;

export function Planted() {
  return (
    <section aria-label="Planted label" title={open ? trans('Open') : 'Planted title'}>
      Planted text
      {open && 'Planted branch'}
      {trans(`Hello ${name}`)}
      <p>{trans('Planted {name}', { name })}</p>
      {/* i18n-ignore */}
      <code>ignored literal</code>
      <span className="not-text">{'—'}</span>
    </section>
  );
}
