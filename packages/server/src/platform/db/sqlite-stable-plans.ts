/**
 * SQLite statements that keep their compiled plan from one run to the next (issue 20).
 *
 * While planning, SQLite looks at the value bound to a parameter in a few places: a `LIMIT ?` or
 * `OFFSET ?`, and an `=` term that filters rows the chosen index does not (`site_id = ?` beside an
 * index on `id`; any `col = ?` in a query with an ORDER BY, where it weighs scanning in order). It
 * then marks the statement to be compiled again whenever that parameter is bound anew, and
 * better-sqlite3 clears every statement's bindings after each run, which counts as such a rebind.
 * So those statements, most of a page's and an add to cart's, were compiled on every run: a
 * product read with its variants took about 50 µs where the same plan runs in under 4.
 *
 * A parameter written `+?` is the same value (unary plus changes neither the value, its type nor
 * its affinity: a parameter has none either way) but not a bare parameter, so the planner plans
 * without peeking at it and the compiled statement is reused. The price is that the planner no
 * longer tailors a plan to a LIMIT's value or to one bound value; with the plans this schema's
 * indexes give, that changes nothing measurable, and a plan that is stable is easier to reason about.
 */
export function stablePlanSql(source: string): string {
  if (!source.includes('?')) return source;
  let out = '';
  let from = 0;
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      // A string literal or a quoted name: nothing in it is a parameter (a doubled quote escapes one).
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      while (j < n) {
        if (source[j] === close) {
          if (close !== ']' && source[j + 1] === close) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      i = j + 1;
    } else if (c === '-' && source[i + 1] === '-') {
      const end = source.indexOf('\n', i);
      i = end === -1 ? n : end + 1;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end === -1 ? n : end + 2;
    } else if (c === '?') {
      out += `${source.slice(from, i)}+`;
      from = i;
      i++;
    } else {
      i++;
    }
  }
  return out + source.slice(from);
}
