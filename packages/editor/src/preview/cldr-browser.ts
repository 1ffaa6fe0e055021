// CLDR data for the editor's preview, handed to the template engine through its public `cldr`
// render option. Only the English pack is bundled into the preview chunk; it answers every locale,
// and a locale it cannot serve falls back to English.
import en from '@phensley/cldr/packs/en.json' with { type: 'json' };
import { createCldrSource } from '@tessera/jsont';

export const browserCldr = createCldrSource({ loadPack: () => en, fallbackLocale: 'en' });
