/** Locale predicates. */
import { localeBundle } from '../i18n/context.js';
import { measurementSystem } from '../i18n/units/systems.js';
import type { PredicateTable } from '../plugin.js';

export const I18N_PREDICATES: PredicateTable = {
  /**
   * True when the locale measures in metric units. The optional argument names
   * a category (`length`, `mass`, `temperature`…); temperature follows its own
   * preference in CLDR, the others the locale's system. Without locale data, metric.
   */
  'units-metric?': {
    apply(args, ctx) {
      const cldr = localeBundle(ctx);
      if (!cldr) return true;
      if (args[0] === 'temperature' || args[0] === 'temp') {
        return cldr.General.measurementSystem('temperature') === 'metric' && measurementSystem(cldr) !== 'us';
      }
      return measurementSystem(cldr) === 'metric';
    },
  },
};
