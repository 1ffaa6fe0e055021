// Popup overlay island (page type 104): shown once per version. SPEC's three local-storage keys
// remember when the visitor closed it, which version that was, and whether they took its action
// ("submitted"); a new version (site settings `popupOverlay.version`) shows it again.

export const POPUP_STORAGE_KEYS = Object.freeze({
  closedDate: 'tessera-popup-overlay-closed-date',
  version: 'tessera-popup-overlay-version',
  submitted: 'tessera-popup-overlay-submitted',
});

function storage(win: Window): Storage | undefined {
  try {
    return win.localStorage;
  } catch {
    return undefined;
  }
}

/** Should the popup of `version` show, given what this browser remembers? */
export function shouldShowPopup(store: Pick<Storage, 'getItem'> | undefined, version: string): boolean {
  if (!store) return true;
  if (store.getItem(POPUP_STORAGE_KEYS.version) !== version) return true;
  return !store.getItem(POPUP_STORAGE_KEYS.closedDate) && store.getItem(POPUP_STORAGE_KEYS.submitted) !== 'true';
}

export function mountPopup(root: HTMLElement, win: Window = window): Promise<boolean> {
  const panel = root.querySelector<HTMLElement>('.popup-overlay__panel');
  if (!panel) return Promise.resolve(false);
  const version = root.dataset.version ?? '1';
  const store = storage(win);
  if (!shouldShowPopup(store, version)) return Promise.resolve(true);
  if (store && store.getItem(POPUP_STORAGE_KEYS.version) !== version) {
    store.removeItem(POPUP_STORAGE_KEYS.closedDate);
    store.removeItem(POPUP_STORAGE_KEYS.submitted);
  }
  const remember = (key: 'closedDate' | 'submitted', value: string) => {
    try {
      store?.setItem(POPUP_STORAGE_KEYS[key], value);
      store?.setItem(POPUP_STORAGE_KEYS.version, version);
    } catch {
      // Storage full or blocked: the popup may show again, nothing else breaks.
    }
  };
  const close = () => {
    panel.hidden = true;
    remember('closedDate', new Date().toISOString());
  };
  root.querySelector('.popup-overlay__close')?.addEventListener('click', close);
  root.querySelector('.popup-overlay__action')?.addEventListener('click', () => remember('submitted', 'true'));
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
  });
  panel.hidden = false;
  root.dataset.popupState = 'shown';
  return Promise.resolve(true);
}
