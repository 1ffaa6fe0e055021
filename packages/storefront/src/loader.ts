/**
 * The eager visitor runtime (no React): reads the page context, wires the cart pill, loads the
 * cart when SPEC §4 says so, and wakes the islands lazily, each from its own chunk (see island-scheduler.ts).
 */
import { cartPillView } from '@tessera/core';
import { renderCartPill } from './cart-pill.js';
import { onCartUpdated } from './cart-events.js';
import { createCartStore, loadCart } from './cart-store.js';
import { readPageContext } from './context.js';
import { wireCookieBanner } from './cookie-banner.js';
import { shouldLoadCartAtStart } from './cookies.js';
import type { IslandEnv } from './island-env.js';
import { startIslandScheduler } from './island-scheduler.js';
import { ISLANDS } from './islands/index.js';
import { wireMobileMenu } from './mobile-menu.js';
import { forgetVisitor } from './tracking/identity.js';
import { startTracking } from './tracking/tracker.js';
import { afterNextFrame } from './yield.js';

/** Lets add-to-cart buttons show once the cart state is known (SPEC §4). */
function revealAddToCartButtons(doc: Document): void {
  doc.documentElement.dataset.tesseraCart = 'ready';
  for (const button of doc.querySelectorAll<HTMLElement>('.sqs-add-to-cart-button[hidden]')) button.hidden = false;
}

function start(doc: Document, win: Window): void {
  wireMobileMenu(doc);
  const context = readPageContext(doc);
  const cartStore = createCartStore(win);

  const pills = [...doc.querySelectorAll<HTMLElement>('[data-island="cart-pill"]')];
  onCartUpdated(win, (cart) => {
    const view = cartPillView(cart, context.currency, context.locale);
    for (const pill of pills) renderCartPill(pill, view);
  });

  // The tracker's page hit reads the window size: sent after the first frame, in a task of its own,
  // so that read forces no style and layout of the whole page into this task.
  const track = () =>
    startTracking(doc, win, context, shouldLoadCartAtStart(doc.cookie), undefined, (run) => afterNextFrame(win, run));
  let tracking = track();
  // An accept starts the tracker if it was waiting; a decline makes it forget the visitor.
  wireCookieBanner(doc, (choice) => {
    if (choice === 'declined') forgetVisitor(doc, win);
    else if (!tracking) tracking = track();
  });
  if (shouldLoadCartAtStart(doc.cookie)) {
    void loadCart(win).finally(() => revealAddToCartButtons(doc));
  } else {
    revealAddToCartButtons(doc);
  }

  const env: IslandEnv = { context, win, getCart: cartStore.get };
  startIslandScheduler({ doc, win, env, islands: ISLANDS });
}

start(document, window);
