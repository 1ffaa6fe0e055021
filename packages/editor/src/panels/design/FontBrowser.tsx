import { FONT_CATEGORIES, type FontUsage, SITE_ADMIN_MESSAGES } from '@tessera/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api.js';
import { FontPreviewName } from './FontPreviewName.js';
import type { FontInfo, FontsAnswer } from '@tessera/core/contracts/design';

export const USAGE_LABELS: Record<FontUsage, string> = {
  heading: 'Heading',
  body: 'Body',
  buttons: 'Buttons',
  navigation: 'Navigation',
  meta: 'Dates and details',
};

/** Search and browse every font Tessera serves, by category, and give one to a kind of text. */
export function FontBrowser(props: {
  usages: readonly FontUsage[];
  familyOf: (usage: FontUsage) => string | undefined;
  onUse: (usage: FontUsage, font: FontInfo) => void;
}) {
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const [usage, setUsage] = useState<FontUsage>(props.usages[0] ?? 'heading');
  const [fonts, setFonts] = useState<FontInfo[] | undefined>();
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const seenAttempt = useRef(0);

  useEffect(() => {
    let current = true;
    const query = new URLSearchParams();
    if (q.trim()) query.set('q', q.trim());
    if (category) query.set('category', category);
    const search = query.toString();
    // Typing waits for a pause before asking; a retry asks at once.
    const retry = attempt !== seenAttempt.current;
    seenAttempt.current = attempt;
    const timer = setTimeout(
      () => {
        api<FontsAnswer>('GET', `/api/config/design/fonts${search ? `?${search}` : ''}`).then(
          (answer) => {
            if (!current) return;
            setFonts(answer.fonts);
            setFailed(false);
          },
          () => current && setFailed(true),
        );
      },
      q && !retry ? 200 : 0,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, category, attempt]);

  return (
    <section className="ds-stack" aria-labelledby="ds-browse-title">
      <h3 id="ds-browse-title">Browse all fonts</h3>
      <div className="ds-row">
        <div className="ed-form-row">
          <label htmlFor="ds-font-search">Search fonts</label>
          <input id="ds-font-search" type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
        </div>
        <div className="ed-form-row">
          <label htmlFor="ds-font-category">Category</label>
          <select id="ds-font-category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value="">All categories</option>
            {FONT_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-form-row">
          <label htmlFor="ds-font-usage">Use fonts for</label>
          <select id="ds-font-usage" value={usage} onChange={(e) => setUsage(e.target.value as FontUsage)}>
            {props.usages.map((u) => (
              <option key={u} value={u}>
                {USAGE_LABELS[u]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {failed && (
        <div className="ed-error" role="alert">
          {SITE_ADMIN_MESSAGES.unableToLoadFonts}{' '}
          <button type="button" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </button>
        </div>
      )}
      {fonts && !failed && (
        <>
          <p className="ed-hint" role="status">
            {fonts.length === 1 ? '1 font' : `${fonts.length} fonts`}
          </p>
          <ul className="ds-font-list" aria-label="Fonts">
            {fonts.map((font) => {
              const inUse = props.familyOf(usage) === font.id;
              return (
                <li key={font.id}>
                  <FontPreviewName font={font} />
                  <span className="ed-hint">
                    {font.category} · {font.weights.length === 1 ? '1 weight' : `${font.weights.length} weights`}
                  </span>
                  <button type="button" disabled={inUse} onClick={() => props.onUse(usage, font)}>
                    {inUse
                      ? `${font.family} is the ${USAGE_LABELS[usage].toLowerCase()} font`
                      : `Use ${font.family} for ${USAGE_LABELS[usage].toLowerCase()}`}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
