/** Text and data made safe for the HTML the server writes (the SPA's shell, the social sign-in page). */

/**
 * JSON that is safe inside an inline <script>: `<` and `>` cannot close the tag or open a comment,
 * `&` cannot start an entity, and U+2028/U+2029 are line terminators in older JS parsers.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
