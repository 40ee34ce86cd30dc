import type { ReactNode } from 'react';
import { Card } from '#src/ui/card';

/** A titled panel of the workspace page: the app's one card, as the backstage shows it. */
export function WorkspaceCard(props: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return <Card {...props} />;
}
