import { ImpersonationBanner } from './chrome/impersonation-banner';

/**
 * What the root layout adds while someone is signed in: the "Logged in as" banner. Loaded with the
 * first signed-in page, so a visitor's first load does not carry it (docs/benchmarks.md, the web
 * budget). The live-events stream stays in the first load: it opens as the app starts, so no event
 * sent while a page loads is missed.
 */
export default function SignedInChrome() {
  return <ImpersonationBanner />;
}
