/**
 * A moment in a table or a detail list: one short form everywhere ("28 Nov
 * 2026, 14:05"), kept on one line, with the full date and time (seconds, time zone) on hover.
 * Without `language`, the browser's own (the admin area is in English, its dates in the admin's).
 */
export function shortDateTime(iso: string, language?: string): string {
  return new Date(iso).toLocaleString(language, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

export function DateTime({ iso, language }: { iso: string | null | undefined; language?: string }) {
  if (!iso) return <>—</>;
  const full = new Date(iso).toLocaleString(language, { dateStyle: 'full', timeStyle: 'long' });
  return (
    <time dateTime={iso} title={full} className="whitespace-nowrap">
      {shortDateTime(iso, language)}
    </time>
  );
}
