import { INSTALLMENTS } from '@tessera/core';

/**
 * The installment information shown in the product page's popup, served by Tessera per locale
 * (SPEC §7 names a provider page per shopper language and country; this is our own). Locales
 * are `en-US`, `en_US` or `fr-CA` style; anything else falls back to the US page.
 */
const PAGES: Record<string, { lang: string; title: string; body: string[]; close: string }> = {
  en_US: {
    lang: 'en-US',
    title: 'Pay in 4 interest-free installments',
    body: [
      'Split your purchase into 4 payments, due every two weeks.',
      'The first payment is taken when you place your order.',
      'No interest and no fees when you pay on time.',
      'Available for orders of physical products within the stated range, for shoppers in the US.',
    ],
    close: 'Close',
  },
  en_CA: {
    lang: 'en-CA',
    title: 'Pay in 4 interest-free installments',
    body: [
      'Split your purchase into 4 payments, due every two weeks.',
      'The first payment is taken when you place your order.',
      'Available for orders of physical products, for shoppers in Canada.',
    ],
    close: 'Close',
  },
  fr_CA: {
    lang: 'fr-CA',
    title: 'Payez en 4 versements sans intérêts',
    body: [
      'Divisez votre achat en 4 paiements, dus toutes les deux semaines.',
      'Le premier paiement est prélevé lors de votre commande.',
      'Offert pour les commandes de produits physiques, au Canada.',
    ],
    close: 'Fermer',
  },
  en_AU: {
    lang: 'en-AU',
    title: 'Pay in 4 interest-free instalments',
    body: [
      'Split your purchase into 4 fortnightly payments.',
      'Available for orders of physical products in Australia.',
    ],
    close: 'Close',
  },
  en_NZ: {
    lang: 'en-NZ',
    title: 'Pay in 4 interest-free instalments',
    body: [
      'Split your purchase into 4 fortnightly payments.',
      'Available for orders of physical products in New Zealand.',
    ],
    close: 'Close',
  },
  en_GB: {
    lang: 'en-GB',
    title: 'Pay in 3 or 4 interest-free instalments',
    body: [
      'Spread the cost of your order over interest-free payments.',
      'Available for orders of physical products in the UK.',
    ],
    close: 'Close',
  },
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function installmentsInfoPage(locale: string | undefined): { lang: string; html: string } {
  const key = (locale ?? '').replace('-', '_');
  const normal = key.length === 5 ? `${key.slice(0, 2).toLowerCase()}_${key.slice(3).toUpperCase()}` : '';
  const page = PAGES[normal] ?? PAGES[INSTALLMENTS.fallbackLocale]!;
  const html = `<!doctype html><html lang="${page.lang}"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head><body>
<section class="installments-info" lang="${page.lang}">
<h2 class="installments-info__title">${escapeHtml(page.title)}</h2>
${page.body.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
</section>
</body></html>`;
  return { lang: page.lang, html };
}
