import { describe, expect, it } from 'vitest';
import { composeRestockMail } from './restock-mail.js';

describe('restock message', () => {
  const mail = composeRestockMail({
    siteTitle: 'Tessera <Goods> "Co"',
    productTitle: 'Linen & Shirt',
    variantLabel: 'Size: M, Color: Indigo',
    productUrl: 'https://shop.example/shop/p/linen-shirt',
    unsubscribeUrl: 'https://shop.example/unsubscribe?token=a.b',
  });

  it('has the site name, the product link and the unsubscribe link in both parts', () => {
    expect(mail.subject).toBe('Linen & Shirt is back in stock at Tessera <Goods> "Co"');
    expect(mail.text).toContain('Linen & Shirt (Size: M, Color: Indigo) is back in stock at Tessera <Goods> "Co"');
    expect(mail.text).toContain('https://shop.example/shop/p/linen-shirt');
    expect(mail.text).toContain('Unsubscribe: https://shop.example/unsubscribe?token=a.b');
    expect(mail.html).toContain('<a href="https://shop.example/shop/p/linen-shirt">View Linen &amp; Shirt</a>');
    expect(mail.html).toContain('Tessera &lt;Goods&gt; &quot;Co&quot;');
    expect(mail.html).toContain('href="https://shop.example/unsubscribe?token=a.b"');
    expect(mail.headers).toEqual({ 'List-Unsubscribe': '<https://shop.example/unsubscribe?token=a.b>' });
  });

  it('names the site as the sender without quotes that would break the header', () => {
    expect(mail.from).toBe('"Tessera <Goods> Co" <no-reply@localhost>');
  });
});
