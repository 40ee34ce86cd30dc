/** Query keys of the admin's system pages (error log, mail log, health), from one factory. */
export const systemKeys = {
  all: ['admin-system'] as const,
  errorLists: () => [...systemKeys.all, 'errors'] as const,
  errors: (query: Record<string, string>) => [...systemKeys.errorLists(), query] as const,
  error: (id: string) => [...systemKeys.all, 'error', id] as const,
  errorDays: () => [...systemKeys.all, 'error-days'] as const,
  mail: (query: Record<string, string>) => [...systemKeys.all, 'mail', query] as const,
  mailMessage: (id: number) => [...systemKeys.all, 'mail-message', id] as const,
  health: () => [...systemKeys.all, 'health'] as const,
};
