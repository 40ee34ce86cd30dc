import { type CustomPageAudience, msg } from '@zema/contracts';

/** Who may read a custom page, as the admin's list and editor name it (translated where shown). */
export const AUDIENCE_LABELS: Record<CustomPageAudience, string> = {
  everyone: msg('Everyone'),
  'signed-in': msg('Signed-in users'),
  role: msg('One role'),
};
