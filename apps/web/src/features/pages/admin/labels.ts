import type { CustomPageAudience } from '@zema/contracts';

/** Who may read a custom page, as the admin's list and editor name it. */
export const AUDIENCE_LABELS: Record<CustomPageAudience, string> = {
  everyone: 'Everyone',
  'signed-in': 'Signed-in users',
  role: 'One role',
};
