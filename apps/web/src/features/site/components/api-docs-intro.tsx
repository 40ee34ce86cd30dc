import { Link } from 'react-router';
import { Trans, useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';

const codeClass = 'rounded bg-bg-alt px-1 font-mono text-[13px]';

/** A header, path or JSON sample in the prose: code, never translated. */
const code = (text: string) => <code className={codeClass}>{text}</code>;

/** What every call has in common: base URL, tokens, XSRF, errors and method override. */
export function ApiDocsIntro({ baseUrl, version }: { baseUrl: string; version: string }) {
  const { trans } = useTrans();
  return (
    <section
      id="introduction"
      aria-labelledby="introduction-title"
      className="scroll-mt-4 rounded-theme border border-divider bg-paper p-4 text-sm leading-6 sm:p-6"
    >
      <h2 id="introduction-title" tabIndex={-1} className="text-lg font-semibold outline-none">
        {trans('Introduction')}
      </h2>
      <p className="mt-2">
        <Trans
          message="Version {version}. Every call below is relative to {baseUrl}: the API lives under {apiPath}, and the sign-in calls under {authPath}. Requests and answers are JSON; send {acceptHeader}."
          elements={{
            version: <span className="font-mono">{version}</span>,
            baseUrl: code(baseUrl),
            apiPath: code('/api/v1'),
            authPath: code('/auth'),
            acceptHeader: code('Accept: application/json'),
          }}
        />
      </p>
      <h3 className="mt-4 font-semibold">{trans('Authentication')}</h3>
      <p className="mt-1">
        <Trans
          message="Create a personal access token in {settingsLink} and send it as {authorizationHeader}. A token acts with its user's permissions, never more; it is shown once, so keep it safe. The examples read it from {tokenVariable}."
          elements={{
            settingsLink: (
              <Link to={paths.accountSettings('developers')} className="font-medium text-primary underline">
                {trans('Account settings → Developers')}
              </Link>
            ),
            authorizationHeader: code('Authorization: Bearer <token>'),
            tokenVariable: code('$ZEMA_TOKEN'),
          }}
        />
      </p>
      <p className="mt-2">
        <Trans
          message="Browser sessions (the {sessionCookie} cookie) must also echo the {xsrfCookie} cookie in an {xsrfHeader} header on POST, PUT, PATCH and DELETE, or the answer is 419. Bearer requests need no XSRF header."
          elements={{
            sessionCookie: code('zema_session'),
            xsrfCookie: code('XSRF-TOKEN'),
            xsrfHeader: code('X-XSRF-TOKEN'),
          }}
        />
      </p>
      <h3 className="mt-4 font-semibold">{trans('Errors')}</h3>
      <p className="mt-1">
        <Trans
          message="A failure answers {errorBody}: 401 when not signed in (or the token is bad), 403 when not allowed, 404 when not found, 429 when rate limited. Invalid input answers 422 with a map of field errors: {validationBody}."
          elements={{
            errorBody: code('{"message": "…"}'),
            validationBody: code('{"message": "…", "errors": {"field": ["…"]}}'),
          }}
        />
      </p>
      <h3 className="mt-4 font-semibold">{trans('Method override')}</h3>
      <p className="mt-1">
        <Trans
          message="Clients that can only send GET and POST may send PUT, PATCH and DELETE as POST with an {overrideHeader} header or a {methodParameter} query parameter."
          elements={{
            overrideHeader: code('X-HTTP-Method-Override'),
            methodParameter: code('_method'),
          }}
        />
      </p>
    </section>
  );
}
