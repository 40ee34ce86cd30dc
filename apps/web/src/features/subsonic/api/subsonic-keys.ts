/** Query keys of the Subsonic connection (one factory; the mutations update and refresh them). */
export const subsonicKeys = {
  all: ['subsonic'] as const,
  appPasswords: () => [...subsonicKeys.all, 'app-passwords'] as const,
};
