import { LockKeyhole } from 'lucide-react';
import type { ReactNode } from 'react';
import { cx } from './cx';
import { MAIN_CONTENT_ID } from './skip-link';

export interface ForbiddenPageProps {
  /** The heading: what cannot be done ("You can't open this page"). */
  title: string;
  /** Why: what the page is for and what the account lacks. */
  reason: ReactNode;
  /** What to do about it: who to ask, what to choose. */
  advice?: ReactNode;
  /** The ways on: a link home, to the plans when one would give access, to another area. */
  actions: ReactNode;
  className?: string;
}

/**
 * A page the user may not open, instead of a redirect that leaves them guessing: why (the role or
 * permission they lack) and what to do (whom to ask, or the plans when buying one would help).
 */
export function ForbiddenPage({ title, reason, advice, actions, className }: ForbiddenPageProps) {
  return (
    <main
      id={MAIN_CONTENT_ID}
      tabIndex={-1}
      className={cx(
        'flex min-h-[calc(100dvh-4rem)] w-full flex-1 flex-col items-center justify-center bg-bg px-6 py-12 text-center text-fg outline-none',
        className,
      )}
    >
      <div className="flex max-w-lg flex-col items-center gap-5">
        <span className="flex size-14 items-center justify-center rounded-full bg-hover text-primary">
          <LockKeyhole aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-semibold text-balance">{title}</h1>
        <p className="text-muted">{reason}</p>
        {advice && <p className="text-muted">{advice}</p>}
        <div className="flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </main>
  );
}
