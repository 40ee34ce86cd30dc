import { Link } from 'react-router';
import { paths } from '#src/lib/paths';

const code = 'rounded bg-bg-alt px-1 font-mono text-[13px]';

/** What every call has in common: base URL, tokens, XSRF, errors and method override. */
export function ApiDocsIntro({ baseUrl, version }: { baseUrl: string; version: string }) {
  return (
    <section
      id="introduction"
      aria-labelledby="introduction-title"
      className="scroll-mt-4 rounded-theme border border-divider bg-paper p-4 text-sm leading-6 sm:p-6"
    >
      <h2 id="introduction-title" tabIndex={-1} className="text-lg font-semibold outline-none">
        Introduction
      </h2>
      <p className="mt-2">
        Version <span className="font-mono">{version}</span>. Every call below is relative to{' '}
        <code className={code}>{baseUrl}</code>: the API lives under <code className={code}>/api/v1</code>,
        and the sign-in calls under <code className={code}>/auth</code>. Requests and answers are JSON; send{' '}
        <code className={code}>Accept: application/json</code>.
      </p>
      <h3 className="mt-4 font-semibold">Authentication</h3>
      <p className="mt-1">
        Create a personal access token in{' '}
        <Link to={paths.accountSettings('developers')} className="font-medium text-primary underline">
          Account settings → Developers
        </Link>{' '}
        and send it as <code className={code}>Authorization: Bearer &lt;token&gt;</code>. A token acts with
        its user&apos;s permissions, never more; it is shown once, so keep it safe. The examples read it from{' '}
        <code className={code}>$ZEMA_TOKEN</code>.
      </p>
      <p className="mt-2">
        Browser sessions (the <code className={code}>zema_session</code> cookie) must also echo the{' '}
        <code className={code}>XSRF-TOKEN</code> cookie in an <code className={code}>X-XSRF-TOKEN</code>{' '}
        header on POST, PUT, PATCH and DELETE, or the answer is 419. Bearer requests need no XSRF header.
      </p>
      <h3 className="mt-4 font-semibold">Errors</h3>
      <p className="mt-1">
        A failure answers <code className={code}>{'{"message": "…"}'}</code>: 401 when not signed in (or the
        token is bad), 403 when not allowed, 404 when not found, 429 when rate limited. Invalid input answers
        422 with a map of field errors:{' '}
        <code className={code}>{'{"message": "…", "errors": {"field": ["…"]}}'}</code>.
      </p>
      <h3 className="mt-4 font-semibold">Method override</h3>
      <p className="mt-1">
        Clients that can only send GET and POST may send PUT, PATCH and DELETE as POST with an{' '}
        <code className={code}>X-HTTP-Method-Override</code> header or a <code className={code}>_method</code>{' '}
        query parameter.
      </p>
    </section>
  );
}
