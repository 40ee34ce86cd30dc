/** The value at a dotted path of a nested object (`'server.mail.from_name'`). */
export function valueAt(source: unknown, path: string): unknown {
  let node = source;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Objects with the same keys in another order are equal: compared with sorted keys. */
function stable(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

/**
 * The `{'dotted.key': value}` pairs a settings form sends: of the keys it edits, only those whose
 * value differs from what it loaded, so saving one field never rewrites (nor audits) the others.
 * A write-only secret is `''` while untouched, so it is only sent once typed or removed (null).
 */
export function changedPairs(keys: readonly string[], values: unknown, initial: unknown) {
  const pairs: Record<string, unknown> = {};
  for (const key of keys) {
    const next = valueAt(values, key);
    if (next === undefined) continue;
    if (stable(next) !== stable(valueAt(initial, key))) pairs[key] = next;
  }
  return pairs;
}
