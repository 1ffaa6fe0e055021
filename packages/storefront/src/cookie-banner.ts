/**
 * The cookie banner's buttons with JavaScript (part of the eager loader, no React). The server
 * prints the banner only while the visitor has not chosen; its form posts to
 * `POST /api/cookie-consent` and works on its own. Here the choice goes by `fetch` instead, so
 * the page stays put: the banner hides and `onChoice` lets the tracker start (or forget the
 * visitor). If the call fails, the form is posted the plain way.
 */
import { type ConsentChoice, consentChoiceOf } from '@tessera/core';
import { readCookie } from './tracking/identity.js';

export function wireCookieBanner(doc: Document, onChoice: (choice: ConsentChoice) => void): void {
  const banner = doc.querySelector<HTMLElement>('[data-cookie-banner]');
  const form = banner?.querySelector('form');
  if (!banner || !form) return;
  let plainPost = false;
  form.addEventListener('submit', (event) => {
    const button = event.submitter as HTMLButtonElement | null;
    const choice = consentChoiceOf(button?.value);
    if (plainPost || !choice) return;
    event.preventDefault();
    const crumb = readCookie(doc, 'crumb') ?? '';
    fetch(form.action, {
      method: 'POST',
      body: new URLSearchParams({ choice, crumb }),
      headers: { 'X-CSRF-Token': crumb, Accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        banner.hidden = true;
        onChoice(choice);
      })
      .catch(() => {
        plainPost = true;
        form.requestSubmit(button);
      });
  });
}
