/** What the server writes into the editor's page (`#editor-boot`): the signed-in owner. */
export interface EditorBoot {
  owner: { email: string; roles: number[] };
  websiteId: string;
  /** The site being edited (an install can serve several, each on its own host). */
  site?: { title: string; host: string | null; currency?: string };
  /**
   * The font kits' stylesheets this page's Content-Security-Policy allows (the site's kits when the
   * editor loaded): a kit connected since shows its families in their own face after a reload.
   */
  fontKits?: string[];
}

export function readBoot(): EditorBoot {
  const text = document.getElementById('editor-boot')?.textContent;
  try {
    const parsed = text ? (JSON.parse(text) as EditorBoot) : undefined;
    if (parsed?.owner) return parsed;
  } catch {
    // fall through to an owner with no roles: every panel then says it is not available
  }
  return { owner: { email: '', roles: [] }, websiteId: '' };
}

let currency: string | undefined;

/** The edited site's currency (amounts typed in block forms use its digits); USD outside a browser page. */
export function siteCurrency(): string {
  if (typeof document === 'undefined') return 'USD';
  currency ??= readBoot().site?.currency ?? 'USD';
  return currency;
}
