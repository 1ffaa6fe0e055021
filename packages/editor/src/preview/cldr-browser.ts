// The browser stand-in for the template engine's `runtime/cldr.ts` (swapped in by vite.config.ts):
// the same lazily created bundles, with the English pack bundled into the preview chunk. Other
// locales fall back to English in the editor's preview.
import type { CLDR } from '@phensley/cldr';
import { CLDRFramework } from '@phensley/cldr';
import en from '@phensley/cldr/packs/en.json';

let framework: CLDRFramework | undefined;
const bundles = new Map<string, CLDR>();

export function cldrFor(locale: string): CLDR {
  let bundle = bundles.get(locale);
  if (bundle === undefined) {
    framework ??= new CLDRFramework({ loader: () => en as never });
    try {
      bundle = framework.get(locale.replace(/_/g, '-'));
    } catch {
      bundle = framework.get('en');
    }
    bundles.set(locale, bundle);
  }
  return bundle;
}
