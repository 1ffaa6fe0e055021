import { describe, expect, it } from 'vitest';
import { DIALECTS, type TestServer } from '../../../testing.js';
import { siteUserSession } from '../../../../test/auth-helpers.js';
import { itemIdOf, variantStock, visitorWithCart } from '../../../../test/cart-helpers.js';
import { cardOrder as order, MANY_ORDERS } from '../../../../test/checkout-helpers.js';
import { Visitor } from '../../../../test/visitor.js';
import { suiteServer } from '../../../../test/suite-server.js';

async function firstSku(server: TestServer, urlId: string): Promise<string | undefined> {
  const row = await server.db
    .selectFrom('product_variants')
    .innerJoin('items', 'items.id', 'product_variants.item_id')
    .select('product_variants.sku')
    .where('items.url_id', '=', urlId)
    .where('product_variants.qty_in_stock', '>', 0)
    .executeTakeFirst();
  return row?.sku;
}

describe.each(DIALECTS)('checkout orders on %s', (dialect) => {
  // Many orders from one address: the order limit has its own suite (checkout-rate-limit.test.ts).
  const suite = suiteServer(dialect, {}, MANY_ORDERS);

  it('prices a cart with shipping, tax and a coupon, then places a paid order that takes stock', async () => {
    const visitor = await visitorWithCart(suite.server, 'wool-scarf', (await firstSku(suite.server, 'wool-scarf'))!, 1);
    const quote = await visitor.request('POST', '/api/checkout/quote', { body: { couponCode: 'WELCOME10' } });
    expect(quote.status).toBe(200);
    const cart = quote.body.shoppingCart;
    expect(cart.validCoupons.map((c: { code: string }) => c.code)).toEqual(['WELCOME10']);
    expect(cart.applicableTaxRules).toHaveLength(1);
    expect(cart.grandTotalCents).toBe(cart.subtotalCents - cart.discountCents + cart.shippingCostCents + cart.taxCents);
    const sku = cart.entries[0].chosenVariant.sku;
    const before = await variantStock(suite.server, sku);

    const placed = await visitor.request('POST', '/api/checkout/orders', { body: order({ couponCode: 'WELCOME10' }) });
    expect(placed.status).toBe(201);
    expect(placed.body.order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid', pageType: 202 });
    expect(placed.body.order.grandTotalCents).toBe(cart.grandTotalCents);
    expect(await variantStock(suite.server, sku)).toBe(before - cart.entries[0].quantity);

    const stored = await suite.server.db
      .selectFrom('orders')
      .selectAll()
      .where('id', '=', placed.body.order.id)
      .executeTakeFirstOrThrow();
    expect(stored.grand_total_cents).toBe(
      stored.subtotal_cents - stored.discount_cents + stored.shipping_cents + stored.tax_cents,
    );
    const page = await visitor.request('GET', placed.body.redirect);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Order confirmed');
    expect(String(page.body)).toContain(`#${stored.order_number}`);
    // The cart is spent, and the confirmation mail is in the outbox.
    expect((await visitor.request('GET', '/api/commerce/shopping-cart')).body.entries).toEqual([]);
    const mail = await suite.server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'buyer@example.com')
      .execute();
    expect(mail.some((m) => m.subject.includes(`#${stored.order_number}`))).toBe(true);
  });

  it("feeds the owner's funnel: a checkout page view, then one order with its total, not a repeat", async () => {
    const funnel = async () =>
      suite.server.db
        .selectFrom('tracking_events')
        .select(['name', 'value_cents', 'currency'])
        .where('source', '=', 'server')
        .where('name', 'in', ['Checkout', 'Order'])
        .execute();
    const before = await funnel();
    const visitor = await visitorWithCart(
      suite.server,
      'sticker-pack',
      (await firstSku(suite.server, 'sticker-pack'))!,
      2,
    );
    expect((await visitor.request('GET', '/checkout')).status).toBe(200);
    const body = order({});
    const placed = await visitor.request('POST', '/api/checkout/orders', { body });
    expect(placed.status).toBe(201);
    expect((await visitor.request('POST', '/api/checkout/orders', { body })).status).toBe(200);
    const after = await funnel();
    const count = (events: { name: string }[], name: string) => events.filter((e) => e.name === name).length;
    expect(count(after, 'Checkout') - count(before, 'Checkout')).toBe(1);
    expect(count(after, 'Order') - count(before, 'Order')).toBe(1);
    expect(after).toContainEqual({
      name: 'Order',
      value_cents: placed.body.order.grandTotalCents,
      currency: placed.body.order.currency,
    });
  });

  it('refuses a declined card and leaves stock and cart as they were', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const declined = await visitor.request('POST', '/api/checkout/orders', {
      body: order({ cardNumber: '4000 0000 0000 0002' }),
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ error: 'card-declined' });
    const failed = await visitor.request('POST', '/api/checkout/orders', {
      body: order({ cardNumber: '4000 0000 0000 0119' }),
    });
    expect(failed.body.error).toBe('payment-failed');
    expect((await visitor.request('GET', '/api/commerce/shopping-cart')).body.entries).toHaveLength(1);
    const manual = await visitor.request('POST', '/api/checkout/orders', { body: order({ paymentMethod: 'manual' }) });
    expect(manual.body.order).toMatchObject({ status: 'received', paymentStatus: 'pending', pageType: 207 });
    expect(String((await visitor.request('GET', manual.body.redirect)).body)).toContain('Order received');
  });

  it('refuses an order for a product the owner took off sale after it was added, and takes no stock', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const itemId = await itemIdOf(suite.server, 'sticker-pack');
    const before = await variantStock(suite.server, 'STICKERS-BOT');
    await suite.server.db.updateTable('items').set({ status: 'draft' }).where('id', '=', itemId).execute();
    try {
      const refused = await visitor.request('POST', '/api/checkout/orders', { body: order() });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ error: 'item-not-for-sale' });
      expect(String(refused.body.message)).toMatch(/no longer available in the store/);
      expect(await variantStock(suite.server, 'STICKERS-BOT')).toBe(before);
      expect((await visitor.request('GET', '/api/commerce/shopping-cart')).body.entries).toHaveLength(1);
    } finally {
      await suite.server.db.updateTable('items').set({ status: 'published' }).where('id', '=', itemId).execute();
    }
    const placed = await visitor.request('POST', '/api/checkout/orders', { body: order() });
    expect(placed.status).toBe(201);
  });

  it('makes one order of a repeated submission with the same idempotency key, also at once', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const body = order();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => visitor.request('POST', '/api/checkout/orders', { body })),
    );
    const ids = new Set(answers.map((a) => a.body.order?.id));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(ids.size).toBe(1);
    const again = await visitor.request('POST', '/api/checkout/orders', { body });
    expect(again.body.order.id).toBe([...ids][0]);
    const count = await suite.server.db
      .selectFrom('idempotency_keys')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('key', '=', body.idempotencyKey)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('makes one order of one cart placed from two tabs at once (two page loads, two keys)', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const answers = await Promise.all([
      visitor.request('POST', '/api/checkout/orders', { body: order() }),
      visitor.request('POST', '/api/checkout/orders', { body: order() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.error).toBe('cart-purchased');
  });

  it('sells exactly the stock when 50 checkouts race for 10 units', async () => {
    await suite.server.db
      .updateTable('product_variants')
      .set({ unlimited: 0, qty_in_stock: 10 })
      .where('sku', '=', 'STICKERS-BOT')
      .execute();
    const visitors: Visitor[] = [];
    for (let i = 0; i < 50; i++) visitors.push(await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT'));
    const before = await suite.server.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sku', '=', 'STICKERS-BOT')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all(
      visitors.map((v) => v.request('POST', '/api/checkout/orders', { body: order() })),
    );
    const created = answers.filter((a) => a.status === 201);
    expect(created).toHaveLength(10);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe('not-enough-stock');
    }
    expect(await variantStock(suite.server, 'STICKERS-BOT')).toBe(0);
    const after = await suite.server.db
      .selectFrom('order_lines')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('sku', '=', 'STICKERS-BOT')
      .executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(before.n)).toBe(10);
    await suite.server.db
      .updateTable('product_variants')
      .set({ unlimited: 1 })
      .where('sku', '=', 'STICKERS-BOT')
      .execute();
  });

  it('sells a gift card whose code pays part of a later order, never more than its balance under 20 racing orders', async () => {
    const buyer = await visitorWithCart(suite.server, 'gift-card', 'GIFT-25');
    const bought = await buyer.request('POST', '/api/checkout/orders', {
      body: order({ email: 'giver@example.com', giftCardRecipientEmail: 'friend@example.com' }),
    });
    expect(bought.status).toBe(201);
    const mail = await suite.server.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', 'friend@example.com')
      .executeTakeFirstOrThrow();
    const code = /([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})/.exec(mail.text_body)?.[1];
    expect(code).toBeDefined();

    // 20 orders of $8 + shipping + tax each try to spend the same $25 card at once.
    const visitors: Visitor[] = [];
    for (let i = 0; i < 20; i++) visitors.push(await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT'));
    const answers = await Promise.all(
      visitors.map((v) => v.request('POST', '/api/checkout/orders', { body: order({ giftCardCode: code }) })),
    );
    const redeemed = await suite.server.db
      .selectFrom('gift_card_redemptions')
      .innerJoin('gift_cards', 'gift_cards.id', 'gift_card_redemptions.gift_card_id')
      .select(['gift_card_redemptions.amount_cents', 'gift_cards.balance_cents', 'gift_cards.initial_cents'])
      .execute();
    const spent = redeemed.reduce((sum, r) => sum + r.amount_cents, 0);
    expect(redeemed.length).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(2500);
    expect(redeemed[0]!.balance_cents).toBe(2500 - spent);
    expect(redeemed[0]!.balance_cents).toBeGreaterThanOrEqual(0);
    const ok = answers.filter((a) => a.status === 201);
    expect(ok.reduce((sum, a) => sum + a.body.order.giftCardCents, 0)).toBe(spent);
    for (const a of ok) {
      expect(a.body.order.giftCardCents + a.body.order.amountDueCents).toBe(a.body.order.grandTotalCents);
    }
  });

  it("files a signed-in site user's order under their account", async () => {
    const email = `member-${dialect}@example.com`;
    const shopper = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const member = await siteUserSession(suite.server, { email, password: 'a long password 3' }, { from: shopper });
    const placed = await member.request('POST', '/api/checkout/orders', { body: order({ email }) });
    expect(placed.status).toBe(201);
    const mine = await member.request('GET', '/api/site-users/account/orders');
    expect(JSON.stringify(mine.body)).toContain(String(placed.body.order.orderNumber));
  });

  it('asks for the subtotal minimum of SPEC §5 before taking an order', async () => {
    const site = await suite.server.db.selectFrom('sites').select(['id', 'settings']).executeTakeFirstOrThrow();
    const settings = JSON.parse(site.settings);
    await suite.server.db
      .updateTable('sites')
      .set({ settings: JSON.stringify({ ...settings, store: { ...settings.store, subtotalMinimumCents: 100_000 } }) })
      .where('id', '=', site.id)
      .execute();
    try {
      const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
      const message = 'To check out, your order subtotal must be $1,000.00 or more.';
      const quote = await visitor.request('POST', '/api/checkout/quote', { body: {} });
      expect(quote.body.shoppingCart.subtotalMinimumMessage).toBe(message);
      const page = await visitor.request('GET', '/checkout');
      expect(String(page.body)).toContain(message);
      const refused = await visitor.request('POST', '/api/checkout/orders', { body: order() });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'subtotal-minimum', message });
    } finally {
      await suite.server.db.updateTable('sites').set({ settings: site.settings }).where('id', '=', site.id).execute();
    }
  });

  it('takes an order from the plain HTML form without JavaScript and redirects to its page', async () => {
    const visitor = await visitorWithCart(suite.server, 'sticker-pack', 'STICKERS-BOT');
    const page = await visitor.request('GET', '/checkout');
    const key = /name="idempotencyKey" value="([^"]+)"/.exec(String(page.body))?.[1];
    expect(key).toBeDefined();
    const fields = { ...order({ idempotencyKey: key }), crumb: visitor.cookies.get('crumb') ?? '' };
    const form = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
    const posted = await visitor.request('POST', '/api/checkout/orders', {
      body: form,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
    });
    expect(posted.status).toBe(303);
    const location = posted.headers.get('location') ?? '';
    expect(location).toMatch(/^\/checkout\/order-confirmed\/[0-9a-f]{24}$/);
    expect(String((await visitor.request('GET', location)).body)).toContain('Order confirmed');
    // The same page load posted again (a double click without JavaScript) lands on the same order.
    const twice = await visitor.request('POST', '/api/checkout/orders', {
      body: form,
      contentType: 'application/x-www-form-urlencoded',
      crumb: false,
    });
    expect(twice.headers.get('location')).toBe(location);
  });

  it('answers not-configured for address lookup', async () => {
    const visitor = Visitor.of(suite.server);
    const answer = await visitor.request('GET', '/api/google-maps/places/autocomplete?input=1%20Main');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({
      error: 'not-configured',
      message: 'Address lookup is not configured for this site. Enter the address by hand.',
    });
  });
});
