/** A date-time for the admin tables: the admin's locale, short; "Never" for none. */
export function formatDate(iso: string | null, empty = 'Never'): string {
  if (!iso) return empty;
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
