/** Reloads the app so the new language's translations arrive with fresh bootstrap data. Tests replace `reload`. */
export const pageReloader = {
  reload: () => window.location.reload(),
};
