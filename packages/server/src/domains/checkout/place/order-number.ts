import type { Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';

/** The site's next order number, from its counter row (locked until the order's transaction ends). */
export async function nextOrderNumber(trx: Transaction<Database>, siteId: string): Promise<number> {
  const row = await trx
    .updateTable('order_counters')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('site_id', '=', siteId)
    .returning('last_number')
    .executeTakeFirst();
  if (!row) throw new Error(`No order counter for site ${siteId}`);
  return row.last_number;
}
