// A small JSON Schema 2020-12 checker for the keywords zod's `toJSONSchema` writes, so the OpenAPI
// test can hold sample bodies against the published schemas without a validator dependency.
// Unknown keywords (formats, patterns zod could not express) are ignored: they only loosen the check.

type Schema = Record<string, unknown> | boolean;

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function typeMatches(expected: string, value: unknown): boolean {
  const actual = typeOf(value);
  return actual === expected || (expected === 'number' && actual === 'integer');
}

/** The problems of `value` against `schema`, each with its JSON path; empty when it conforms. */
export function schemaProblems(schema: Schema, value: unknown, path = '$'): string[] {
  if (schema === true) return [];
  if (schema === false) return [`${path}: nothing is allowed here`];
  const s = schema;
  const problems: string[] = [];
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? (s.type as string[]) : [s.type as string];
    if (!types.some((t) => typeMatches(t, value))) return [`${path}: expected ${types.join(' or ')}`];
  }
  if (s.const !== undefined && JSON.stringify(s.const) !== JSON.stringify(value))
    problems.push(`${path}: not the constant`);
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value))) {
    problems.push(`${path}: not one of ${JSON.stringify(s.enum)}`);
  }
  if (Array.isArray(s.allOf)) for (const sub of s.allOf as Schema[]) problems.push(...schemaProblems(sub, value, path));
  if (Array.isArray(s.anyOf) && !(s.anyOf as Schema[]).some((sub) => schemaProblems(sub, value, path).length === 0)) {
    problems.push(`${path}: matches none of anyOf`);
  }
  if (Array.isArray(s.oneOf)) {
    const matching = (s.oneOf as Schema[]).filter((sub) => schemaProblems(sub, value, path).length === 0).length;
    if (matching !== 1) problems.push(`${path}: matches ${matching} of oneOf`);
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof s.minLength === 'number' && length < s.minLength) problems.push(`${path}: shorter than ${s.minLength}`);
    if (typeof s.maxLength === 'number' && length > s.maxLength) problems.push(`${path}: longer than ${s.maxLength}`);
  }
  if (typeof value === 'number') {
    if (typeof s.minimum === 'number' && value < s.minimum) problems.push(`${path}: below ${s.minimum}`);
    if (typeof s.maximum === 'number' && value > s.maximum) problems.push(`${path}: above ${s.maximum}`);
    if (typeof s.exclusiveMinimum === 'number' && value <= s.exclusiveMinimum) problems.push(`${path}: too small`);
    if (typeof s.exclusiveMaximum === 'number' && value >= s.exclusiveMaximum) problems.push(`${path}: too large`);
  }
  if (Array.isArray(value)) {
    if (typeof s.minItems === 'number' && value.length < s.minItems) problems.push(`${path}: fewer than ${s.minItems}`);
    if (typeof s.maxItems === 'number' && value.length > s.maxItems) problems.push(`${path}: more than ${s.maxItems}`);
    if (s.items !== undefined) {
      value.forEach((item, i) => {
        problems.push(...schemaProblems(s.items as Schema, item, `${path}[${i}]`));
      });
    }
  }
  if (typeOf(value) === 'object') {
    const object = value as Record<string, unknown>;
    const properties = (s.properties ?? {}) as Record<string, Schema>;
    for (const name of (s.required ?? []) as string[]) {
      if (!Object.hasOwn(object, name)) problems.push(`${path}.${name}: required`);
    }
    for (const [name, item] of Object.entries(object)) {
      if (Object.hasOwn(properties, name)) problems.push(...schemaProblems(properties[name]!, item, `${path}.${name}`));
      else if (s.additionalProperties !== undefined) {
        problems.push(...schemaProblems(s.additionalProperties as Schema, item, `${path}.${name}`));
      }
    }
  }
  return problems;
}
