/**
 * Serialises the page context for `<script type="application/json" id="tessera-context">`.
 * `<`, `>` and `&` become JSON unicode escapes, so no value (a product title holding
 * `</script>`, say) can close the element; line and paragraph separators are escaped too.
 */
export function serializeForScript(value: unknown): string {
  return JSON.stringify(value ?? null).replace(/[<>&\u2028\u2029]/g, (ch) => {
    return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
