/**
 * CLDR bundles for the formatters, one per locale, created on first use and kept.
 *
 * A render takes its bundles from the `cldr` option (`RenderOptions.cldr`, a {@link CldrSource});
 * without one it uses {@link nodeCldr}, which reads the locale packs shipped as JSON inside
 * `@phensley/cldr` through Node's `require`. A browser passes its own source, built with
 * {@link createCldrSource} from the packs it bundles.
 */
import type { CLDR } from '@phensley/cldr';
import { CLDRFramework } from '@phensley/cldr';

/** The CLDR bundle for a BCP 47 (or `en_US`-style) locale tag. */
export type CldrSource = (locale: string) => CLDR;

export interface CldrSourceOptions {
  /** The locale pack of a language (`en`, `fr`): a pack object of `@phensley/cldr/packs/*.json`. */
  loadPack(language: string): unknown;
  /** The locale used when a locale cannot be loaded (no pack); unset: the error is thrown. */
  fallbackLocale?: string;
}

/** A {@link CldrSource} whose bundles are created from `loadPack`'s packs, once per locale tag. */
export function createCldrSource(options: CldrSourceOptions): CldrSource {
  const framework = new CLDRFramework({ loader: (language: string) => options.loadPack(language) as never });
  const bundles = new Map<string, CLDR>();
  return (locale) => {
    let bundle = bundles.get(locale);
    if (bundle === undefined) {
      const tag = locale.replace(/_/g, '-');
      try {
        bundle = framework.get(tag);
      } catch (error) {
        if (options.fallbackLocale === undefined || options.fallbackLocale === tag) throw error;
        bundle = framework.get(options.fallbackLocale);
      }
      bundles.set(locale, bundle);
    }
    return bundle;
  };
}

let nodeSource: CldrSource | undefined;

/**
 * The default source on Node: every pack of `@phensley/cldr`, read with `require`. Node's module
 * loader is looked up only when a render first needs CLDR without a `cldr` option, so bundling the
 * engine for a browser pulls in no Node module.
 */
export const nodeCldr: CldrSource = (locale) => {
  if (nodeSource === undefined) {
    const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
    if (!nodeModule) throw new Error('The template engine needs the `cldr` render option outside Node.');
    const require = nodeModule.createRequire(import.meta.url);
    nodeSource = createCldrSource({ loadPack: (language) => require(`@phensley/cldr/packs/${language}.json`) });
  }
  return nodeSource(locale);
};

/** The CLDR bundle of the default source (formatter tests, tools). */
export const cldrFor: CldrSource = (locale) => nodeCldr(locale);
