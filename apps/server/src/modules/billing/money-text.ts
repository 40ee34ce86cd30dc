/** 19900 → "199.00": minor units as the decimal string gateways take (no floating point). */
export function minorToDecimal(amount: number): string {
  const whole = Math.trunc(amount / 100);
  return `${whole}.${String(Math.abs(amount % 100)).padStart(2, '0')}`;
}

/** "199", "199.5", 199.00 → 19900; null when it is not an amount with at most two decimals. */
export function decimalToMinor(value: unknown): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value.trim() : '';
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
