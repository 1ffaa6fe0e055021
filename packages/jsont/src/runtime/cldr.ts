/**
 * Lazily created CLDR bundles, one per locale for the life of the process.
 * Locale packs ship as JSON inside `@phensley/cldr`; they are read on first use.
 */
import { createRequire } from 'node:module';
import type { CLDR } from '@phensley/cldr';
import { CLDRFramework } from '@phensley/cldr';

const require = createRequire(import.meta.url);

let framework: CLDRFramework | undefined;
const bundles = new Map<string, CLDR>();

function getFramework(): CLDRFramework {
  if (framework === undefined) {
    framework = new CLDRFramework({
      loader: (language: string) => require(`@phensley/cldr/packs/${language}.json`),
    });
  }
  return framework;
}

/** The CLDR bundle for a BCP 47 (or `en_US`-style) locale tag. */
export function cldrFor(locale: string): CLDR {
  let bundle = bundles.get(locale);
  if (bundle === undefined) {
    bundle = getFramework().get(locale.replace(/_/g, '-'));
    bundles.set(locale, bundle);
  }
  return bundle;
}
