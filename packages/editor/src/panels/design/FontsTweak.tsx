import { FONT_USAGES, type FontUsage, SITE_ADMIN_MESSAGES } from '@tessera/core';
import { useState } from 'react';
import { useResource } from '../shared/resource.js';
import { FontBrowser, USAGE_LABELS } from './FontBrowser.js';
import { FontPreviewName } from './FontPreviewName.js';
import { OwnFonts } from './OwnFonts.js';
import { TabPanel, Tabs } from './Tabs.js';
import { SCALED_USAGES, scaleLabel, setUsageFont, setUsageScale, USAGE_SCALES, usageFamily } from './draft.js';
import type { Design, FontInfo, FontsAnswer } from '@tessera/core/contracts/design';

const NO_PACK = 'theme';

/** Fonts: font packs in tabs, the font of each kind of text, and every font to browse. */
export function FontsTweak(props: {
  draft: Design;
  edit: (change: (design: Design) => Design, path: string) => void;
  choosePack: (id: string | null) => void;
}) {
  const { draft, edit } = props;
  const catalogue = useResource<FontsAnswer>('/api/config/design/fonts');
  const fonts = catalogue.data?.fonts ?? [];
  const byId = new Map(fonts.map((f) => [f.id, f]));
  const activePack = draft.fonts.activeThemeId ?? NO_PACK;
  const [shownPack, setShownPack] = useState(activePack);
  const packs = [...draft.fonts.themes, { id: NO_PACK, name: 'Theme fonts', fonts: {} }];
  const pack = packs.find((p) => p.id === shownPack) ?? packs[packs.length - 1];
  const familyName = (id: string | undefined) => (id ? (byId.get(id)?.family ?? id) : 'the theme’s font');

  function chooseUsageFont(usage: FontUsage, family: string | undefined) {
    const weight = draft.fonts.fontUsageCategories.find((c) => c.id === usage)?.weight;
    edit((d) => setUsageFont(d, usage, { family, weight }), 'fonts.fontUsageCategories');
  }

  return (
    <div className="ds-stack">
      {catalogue.error && (
        <div className="ed-error" role="alert">
          {SITE_ADMIN_MESSAGES.unableToLoadFonts}{' '}
          <button type="button" onClick={() => void catalogue.reload()}>
            Try again
          </button>
        </div>
      )}

      <section aria-labelledby="ds-packs-title" className="ds-stack">
        <h3 id="ds-packs-title">Font packs</h3>
        <Tabs
          label="Font packs"
          idPrefix="ds-pack"
          items={packs.map((p) => ({ id: p.id, label: p.id === activePack ? `${p.name} (in use)` : p.name }))}
          selected={pack.id}
          onSelect={setShownPack}
        />
        <TabPanel idPrefix="ds-pack" id={pack.id}>
          {pack.id === NO_PACK ? (
            <p>The theme’s own fonts, with any font chosen below for a kind of text.</p>
          ) : (
            <dl className="ds-pack">
              {(Object.entries(pack.fonts) as [FontUsage, string][]).map(([usage, id]) => (
                <div key={usage}>
                  <dt>{USAGE_LABELS[usage]}</dt>
                  <dd>{byId.get(id) ? <FontPreviewName font={byId.get(id) as FontInfo} /> : id}</dd>
                </div>
              ))}
            </dl>
          )}
          <button
            type="button"
            className="ed-primary"
            disabled={pack.id === activePack}
            onClick={() => props.choosePack(pack.id === NO_PACK ? null : pack.id)}
          >
            {pack.id === activePack ? `${pack.name} in use` : `Use ${pack.name}`}
          </button>
        </TabPanel>
      </section>

      <fieldset className="ds-fieldset">
        <legend>Fonts by kind of text</legend>
        {FONT_USAGES.map((usage) => {
          const own = draft.fonts.fontUsageCategories.find((c) => c.id === usage);
          const packFamily = draft.fonts.themes.find((t) => t.id === draft.fonts.activeThemeId)?.fonts[usage];
          const shown = byId.get(usageFamily(draft, usage) ?? '');
          const label = USAGE_LABELS[usage];
          return (
            <div key={usage} className="ds-row ds-usage">
              <div className="ed-form-row">
                <label htmlFor={`ds-usage-${usage}`}>{label} font</label>
                <select
                  id={`ds-usage-${usage}`}
                  value={own?.family ?? ''}
                  onChange={(e) => chooseUsageFont(usage, e.target.value || undefined)}
                >
                  <option value="">
                    {packFamily ? `From the pack: ${familyName(packFamily)}` : 'The theme’s font'}
                  </option>
                  {fonts.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.family} ({f.category})
                    </option>
                  ))}
                </select>
              </div>
              <div className="ed-form-row">
                <label htmlFor={`ds-weight-${usage}`}>{label} weight</label>
                <select
                  id={`ds-weight-${usage}`}
                  value={own?.weight ? String(own.weight) : ''}
                  disabled={!shown}
                  onChange={(e) =>
                    edit(
                      (d) =>
                        setUsageFont(d, usage, { family: own?.family, weight: Number(e.target.value) || undefined }),
                      'fonts.fontUsageCategories',
                    )
                  }
                >
                  <option value="">Default</option>
                  {(shown?.weights ?? []).map((w) => (
                    <option key={w} value={w}>
                      {w}
                    </option>
                  ))}
                </select>
              </div>
              {SCALED_USAGES.includes(usage) && (
                <div className="ed-form-row">
                  <label htmlFor={`ds-scale-${usage}`}>{label} text size</label>
                  <select
                    id={`ds-scale-${usage}`}
                    value={own?.scale ? String(own.scale) : ''}
                    onChange={(e) =>
                      edit(
                        (d) => setUsageScale(d, usage, Number(e.target.value) || undefined),
                        'fonts.fontUsageCategories',
                      )
                    }
                  >
                    <option value="">The theme’s size (100%)</option>
                    {[...new Set([...USAGE_SCALES, ...(own?.scale ? [own.scale] : [])])]
                      .sort((a, b) => a - b)
                      .map((scale) => (
                        <option key={scale} value={String(scale)}>
                          {scaleLabel(scale)}
                        </option>
                      ))}
                  </select>
                </div>
              )}
            </div>
          );
        })}
      </fieldset>

      <OwnFonts
        catalogue={fonts}
        familyOf={(usage) => usageFamily(draft, usage)}
        onUse={chooseUsageFont}
        onChanged={() => void catalogue.reload()}
      />

      <FontBrowser
        usages={FONT_USAGES}
        familyOf={(usage) => usageFamily(draft, usage)}
        onUse={(usage, font) => chooseUsageFont(usage, font.id)}
      />
    </div>
  );
}
