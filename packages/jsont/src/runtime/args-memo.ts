/**
 * What formatters and predicates derive from their argument lists (option objects,
 * parsed patterns, operands), computed once per distinct list.
 *
 * Compiled instructions keep their (frozen) argument arrays, so most lookups hit
 * by identity. Recompiling a template makes new arrays with the same text: those
 * find the earlier result by text, so a cold compile does not parse options again.
 * Results must be treated as read-only: they are shared by every template using
 * the same arguments.
 */

/** Distinct argument lists remembered by text, per memo, before it starts over. */
const TEXT_LIMIT = 1000;

export function argsMemo<T>(compute: (args: readonly string[]) => T): (args: readonly string[]) => T {
  const byList = new WeakMap<readonly string[], { value: T }>();
  const byText = new Map<string, { value: T }>();
  return (args) => {
    let entry = byList.get(args);
    if (entry === undefined) {
      // JSON keeps lists apart whatever characters the arguments hold.
      const key = JSON.stringify(args);
      entry = byText.get(key);
      if (entry === undefined) {
        entry = { value: compute(args) };
        if (byText.size >= TEXT_LIMIT) byText.clear();
        byText.set(key, entry);
      }
      // A list that can still change is looked up by text every time.
      if (Object.isFrozen(args)) byList.set(args, entry);
    }
    return entry.value;
  };
}
