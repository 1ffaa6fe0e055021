import { readBoot } from '../../shell/boot.js';

// Font kit families in their own face (issue 21): the kit's stylesheet is linked into the editor
// page once (the editor's Content-Security-Policy allows this site's kits), then the family is
// loaded through `document.fonts`. A kit connected after the editor loaded is not in the policy
// yet: it is not linked, and the family shows in the editor's face until a reload.

const sheets = new Map<string, Promise<void>>();
const families = new Map<string, Promise<string>>();

let allowed: Set<string> | undefined;

/** Whether this page's policy allows `kitUrl` (it was connected when the editor loaded). */
export function kitAllowed(kitUrl: string): boolean {
  allowed ??= new Set(readBoot().fontKits ?? []);
  return allowed.has(kitUrl);
}

function linkSheet(kitUrl: string): Promise<void> {
  let found = sheets.get(kitUrl);
  if (!found) {
    found = new Promise<void>((resolve, reject) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = kitUrl;
      link.dataset.fontKit = '';
      link.addEventListener('load', () => resolve());
      link.addEventListener('error', () => {
        link.remove();
        reject(new Error(`The font kit ${kitUrl} could not be loaded`));
      });
      document.head.append(link);
    });
    sheets.set(kitUrl, found);
    found.catch(() => sheets.delete(kitUrl));
  }
  return found;
}

/**
 * Loads `family` from the kit at `kitUrl` into the editor page; resolves with the family to set
 * text in, rejects when the kit is not allowed yet or none of its faces load.
 */
export function loadKitFamily(kitUrl: string, family: string): Promise<string> {
  const key = `${kitUrl}\n${family}`;
  let found = families.get(key);
  if (!found) {
    if (!kitAllowed(kitUrl)) return Promise.reject(new Error('not allowed until the editor reloads'));
    const quoted = `"${family.replace(/["\\]/g, '')}"`;
    found = linkSheet(kitUrl)
      .then(() => document.fonts.load(`16px ${quoted}`))
      .then((faces) => {
        if (faces.length === 0) throw new Error(`No face of ${family} loaded`);
        return family;
      });
    families.set(key, found);
    found.catch(() => families.delete(key));
  }
  return found;
}
