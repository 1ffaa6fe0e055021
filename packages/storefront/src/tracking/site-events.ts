/**
 * The lazy site-events chunk: the page hit, the named commerce events and the census calls for button
 * and form renders, overlays and quick views, queued and sent together (`batch.ts`); button clicks.
 */
import { COMMERCE_EVENTS } from '@tessera/core';
import { CART_UPDATED_EVENT } from '../cart-events.js';
import type { ShoppingCart } from '@tessera/core/contracts/cart';
import type { BatchCensusName } from '@tessera/core/contracts/tracking';
import { createEventQueue, eventId } from './batch.js';
import { cartChanges } from './cart-changes.js';
import { ANALYTICS_EVENT_SCHEMA, census, sendSchemaEvent } from './events.js';
import { postForm } from './transport.js';
import type { PageLoad, TrackerState } from './tracker.js';

const BUTTONS = 'a.sqs-block-button-element, .sqs-add-to-cart-button, [data-census-button]';
const MAX_RENDER_CALLS = 10;
/** PageType.SHOW_CART (written out so the whole page-type table stays out of the chunk). */
const SHOW_CART = 200;

export function startSiteEvents(state: TrackerState, pageLoad: PageLoad): void {
  const { doc, win, context, ids, kept, fail } = state;
  const path = win.location.pathname;
  const visitorCookie = `${ids.visitorId}.${ids.visitStart}`;
  const failWith = (error: unknown) => fail(error instanceof Error ? error.message : String(error));

  // The hit and the commerce events share one queue; it holds them until the page's first events are in.
  const queue = createEventQueue(doc, win, fail);
  const release = queue.hold();
  state.takeHit((data) =>
    queue.push({ type: 'hit', id: eventId(), data }, () =>
      postForm(doc, '/api/census/RecordHit', { event: 'view', ss_cvr: visitorCookie, data }),
    ),
  );

  // Commerce events, through the schema-event endpoint (one by one when only validated)
  const analyticsEvent = (eventName: string, data: Record<string, unknown>) => {
    const send = async (pageLoadId: string | undefined) => {
      const content = {
        eventName,
        app: 'storefront',
        data,
        pageLoadId,
        timestamp: Date.now(),
        context: {
          websiteId: context.websiteId,
          pageType: context.pageType,
          platform: 'web',
          language: win.navigator.language,
          timeZone: context.timeZone,
          visitorId: ids.visitorId,
          analyticsId: ids.analyticsId,
          sessionId: ids.sessionId,
          path,
        },
      };
      if (context.validateEvents === true) return sendSchemaEvent(doc, ANALYTICS_EVENT_SCHEMA, content, true);
      const eventContent = JSON.stringify(content);
      queue.push({ type: 'schema', id: eventId(), eventSchemaName: ANALYTICS_EVENT_SCHEMA, eventContent }, () =>
        sendSchemaEvent(doc, ANALYTICS_EVENT_SCHEMA, content),
      );
    };
    pageLoad.then(
      (s) => send(s.pageLoadId).catch(failWith),
      () => send(undefined).catch(failWith),
    );
  };
  if (context.product) {
    analyticsEvent(COMMERCE_EVENTS.visitProduct, {
      itemId: context.product.id,
      productType: context.product.structuredContent?.productType,
    });
  }
  if (context.pageType === SHOW_CART) analyticsEvent(COMMERCE_EVENTS.viewCart, {});
  // Product reviews (issue 23): the reviews section scrolled into view once, and the rating summary's anchor link.
  const reviewsTab = doc.querySelector('[data-reviews-tab]');
  const Observer = (win as { IntersectionObserver?: typeof IntersectionObserver }).IntersectionObserver;
  if (reviewsTab && context.product && Observer) {
    const itemId = context.product.id;
    const seen = new Observer((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      analyticsEvent(COMMERCE_EVENTS.reviewsTab, { itemId });
    });
    seen.observe(reviewsTab);
  }

  let lastCart: ShoppingCart | undefined;
  let baseline = state.cartAtStart;
  const onCart = (cart: ShoppingCart) => {
    if (baseline) {
      baseline = false;
    } else {
      for (const { name, ...data } of cartChanges(lastCart, cart)) analyticsEvent(name, data);
    }
    lastCart = cart;
  };
  const handle = (event: Event) => {
    if (event.type === CART_UPDATED_EVENT) {
      const cart = (event as CustomEvent<ShoppingCart>).detail;
      if (cart && Array.isArray(cart.entries)) onCart(cart);
    }
  };
  for (const event of kept) handle(event);
  win.addEventListener(CART_UPDATED_EVENT, handle);
  // The page's first events wait for the page load id: once they are queued, the queue sends.
  pageLoad.then(release, release);

  // Census: buttons, forms, overlays and quick views go with the page's batch (their own routes when it
  // cannot take them); a click on a button is sent at once, as the page may be left.
  const text = (el: Element) => (el.textContent ?? '').trim().slice(0, 100);
  const censusEvent = (name: BatchCensusName, fields: Record<string, string>, single: () => Promise<unknown>) =>
    queue.push({ type: 'census', id: eventId(), name, fields }, single);
  const rendered = (selector: string) => [...doc.querySelectorAll(selector)].slice(0, MAX_RENDER_CALLS);
  for (const button of rendered(BUTTONS)) {
    const fields = { buttonText: text(button) };
    censusEvent('button-render', { visitorCookie, page: path, ...fields }, () =>
      census.buttonRender(doc, visitorCookie, fields),
    );
  }
  for (const form of rendered('[data-form-id]')) {
    const formId = form.getAttribute('data-form-id') ?? '';
    censusEvent('form-render', { formId, visitorCookie }, () => census.formRender(doc, visitorCookie, formId));
  }
  for (const overlay of rendered('[data-overlay-id]')) {
    const fields = { overlayId: overlay.getAttribute('data-overlay-id') ?? '' };
    censusEvent('overlay', { visitorCookie, page: path, ...fields }, () => census.overlay(doc, visitorCookie, fields));
  }
  doc.addEventListener(
    'click',
    (event) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest('[data-reviews-anchor]') && context.product) {
        analyticsEvent(COMMERCE_EVENTS.reviewsAnchor, { itemId: context.product.id });
      }
      const quickView = target?.closest('[data-quick-view-id]');
      if (quickView) {
        const id = quickView.getAttribute('data-quick-view-id') ?? '';
        censusEvent('quick-view', { id }, () => census.quickView(doc, id));
      }
      const button = target?.closest(BUTTONS);
      if (button) {
        void census.buttonClick(doc, visitorCookie, {
          buttonText: text(button),
          href: button.getAttribute('href') ?? '',
        });
      }
    },
    { capture: true },
  );
}
