import { COMMERCE_EVENTS } from '@tessera/core';
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * Commerce milestones the server records itself (`recordServerEvent`, source `server`): the
 * checkout page records `Checkout` when a visitor opens it with a cart, the order route records
 * `Order` with the order's real total when an order is created. Only those rows count.
 */
export const SERVER_RECORDED_EVENTS: readonly string[] = [COMMERCE_EVENTS.checkout, COMMERCE_EVENTS.order];

/**
 * A claim: a commerce milestone a visitor sent (`POST /api/events/RecordEvent`,
 * `/api/v1/clanker/events`). It is stored as sent (its `source` is `event` or `schema`, never
 * `server`) but left out of revenue, orders and the checkout and order steps of the funnel; the
 * commerce report counts claims apart.
 */
export function isClaim(name: string, source: string): boolean {
  return source !== 'server' && SERVER_RECORDED_EVENTS.includes(name);
}

/** Where-clause: tracking events that count in the owner's figures (every event but claims). */
export function countedEvents(eb: ExpressionBuilder<Database, 'tracking_events'>) {
  return eb.or([eb('name', 'not in', [...SERVER_RECORDED_EVENTS]), eb('source', '=', 'server')]);
}
