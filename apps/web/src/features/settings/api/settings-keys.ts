/** Query keys of the admin's settings (one factory, reused by every invalidation). */
export const settingsKeys = {
  all: ['admin-settings'] as const,
  view: () => [...settingsKeys.all, 'view'] as const,
  choices: () => [...settingsKeys.all, 'choices'] as const,
};
