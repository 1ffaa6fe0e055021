/**
 * The reference engine (@squarespace/template-engine, a dev dependency) with CLDR bundles for any
 * locale, shared by the tests that compare against it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

interface ReferenceCompiler {
  execute(props: { code: string; json: unknown; cldr?: unknown; now?: number; partials?: Record<string, string> }): {
    ctx: { render(): string };
    errors: unknown[];
  };
}

const reference = require('@squarespace/template-engine') as { Compiler: new () => ReferenceCompiler };
const { CLDRFramework } = require('@phensley/cldr') as {
  CLDRFramework: new (options: { loader: (tag: string) => string }) => { get(tag: string): unknown };
};

const framework = new CLDRFramework({
  loader: (language) => readFileSync(require.resolve(`@phensley/cldr/packs/${language}.json`), 'utf8'),
});
const bundles = new Map<string, unknown>();
function cldrFor(locale: string): unknown {
  let bundle = bundles.get(locale);
  if (bundle === undefined) {
    bundle = framework.get(locale);
    bundles.set(locale, bundle);
  }
  return bundle;
}

const compiler = new reference.Compiler();

/** The reference's output, untrimmed. */
export function renderReference(
  template: string,
  json: unknown,
  options: { locale?: string; now?: number; partials?: Record<string, string> } = {},
): string {
  const { locale = 'en-US', now = 0, partials } = options;
  return compiler.execute({ code: template, json, cldr: cldrFor(locale), now, partials }).ctx.render();
}
