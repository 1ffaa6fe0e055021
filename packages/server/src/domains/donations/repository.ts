import { BlockType } from '@tessera/core';
import type { DonationTotals, Donor, OwnerDonation, OwnerDonationPayment } from '@tessera/core/contracts/donations';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

// Reads of donations: the donation block a donor posts to (its rules come from the stored page,
// never from the form), and the owner's lists, donors and totals.

/** The stored content of the donation block `blockId` on a published page of the site. */
export async function findDonationBlock(
  db: Kysely<Database>,
  siteId: string,
  blockId: string,
): Promise<Record<string, unknown> | undefined> {
  const pages = await db
    .selectFrom('collections')
    .select('sections')
    .where('site_id', '=', siteId)
    .where('status', '=', 'published')
    .where('sections', 'like', `%${blockId}%`)
    .limit(20)
    .execute();
  for (const page of pages) {
    let sections: unknown;
    try {
      sections = JSON.parse(page.sections);
    } catch {
      continue;
    }
    if (!Array.isArray(sections)) continue;
    for (const section of sections as { blocks?: unknown }[]) {
      const blocks = Array.isArray(section?.blocks) ? (section.blocks as Record<string, unknown>[]) : [];
      const found = blocks.find((b) => b && b.type === BlockType.DONATION && b.id === blockId);
      if (found) return (found.content as Record<string, unknown> | undefined) ?? {};
    }
  }
  return undefined;
}

/** A donation's columns in the owner's list (selected and grouped by, beside the paid sums). */
const LISTED_COLUMNS = [
  'd.id',
  'd.created_at',
  'd.donor_name',
  'd.donor_email',
  'd.name_display',
  'd.amount_cents',
  'd.currency',
  'd.interval',
  'd.status',
  'd.note',
  'd.order_id',
  'd.next_charge_at',
  'd.message',
] as const;

/**
 * What has been given back of a payment: a renewal's own refunds, or for a first payment (an order)
 * the order's. A SQL expression over `p` (donation_payments) and `o` (its order, left-joined).
 */
const REFUNDED = sql<number>`coalesce(o.refunded_cents, p.refunded_cents)`;

/** The site's donations, newest first, each with what it has paid so far (net of refunds). */
export async function listDonations(db: Kysely<Database>, siteId: string, limit: number): Promise<OwnerDonation[]> {
  const rows = await db
    .selectFrom('donations as d')
    .leftJoin('donation_payments as p', (join) =>
      join.onRef('p.donation_id', '=', 'd.id').on('p.status', '=', 'succeeded'),
    )
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select((eb) => [
      ...LISTED_COLUMNS,
      eb.fn.coalesce(eb.fn.sum<number>('p.amount_cents'), eb.lit(0)).as('paid'),
      eb.fn.coalesce(eb.fn.sum<number>(REFUNDED), eb.lit(0)).as('refunded'),
      eb.fn.count<number>('p.id').as('count'),
    ])
    .where('d.site_id', '=', siteId)
    .groupBy([...LISTED_COLUMNS])
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    createdAt: r.created_at,
    donorName: r.donor_name,
    donorEmail: r.donor_email,
    showName: r.name_display !== 'anonymous',
    amountCents: r.amount_cents,
    currency: r.currency,
    interval: r.interval,
    status: r.status,
    note: r.note,
    orderId: r.order_id,
    paidCents: Number(r.paid) - Number(r.refunded),
    refundedCents: Number(r.refunded),
    payments: Number(r.count),
    nextChargeAt: r.next_charge_at,
    message: r.message,
  }));
}

/** What the site has received, per currency: money that succeeded only, net of what was refunded. */
export async function donationTotals(db: Kysely<Database>, siteId: string): Promise<DonationTotals[]> {
  const received = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select((eb) => [
      'p.currency',
      eb.fn.sum<number>('p.amount_cents').as('total'),
      eb.fn.sum<number>(REFUNDED).as('refunded'),
      eb.fn.count<number>('p.id').as('payments'),
      eb.fn.count<number>('d.donor_email').distinct().as('donors'),
    ])
    .where('p.site_id', '=', siteId)
    .where('p.status', '=', 'succeeded')
    .groupBy('p.currency')
    .execute();
  const active = await db
    .selectFrom('donations')
    .select((eb) => ['currency', eb.fn.count<number>('id').as('n')])
    .where('site_id', '=', siteId)
    .where('status', '=', 'active')
    .groupBy('currency')
    .execute();
  return received.map((r) => ({
    currency: r.currency,
    totalCents: Number(r.total) - Number(r.refunded ?? 0),
    payments: Number(r.payments),
    donors: Number(r.donors),
    activeRecurring: Number(active.find((a) => a.currency === r.currency)?.n ?? 0),
  }));
}

/** One line per donor (by email and currency): what they gave in all, net of refunds. */
export async function listDonors(db: Kysely<Database>, siteId: string, limit: number): Promise<Donor[]> {
  const rows = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select((eb) => [
      'd.donor_email',
      'p.currency',
      eb.fn.max('d.donor_name').as('name'),
      eb.fn.min('d.name_display').as('display'),
      sql<number>`sum(p.amount_cents - coalesce(o.refunded_cents, p.refunded_cents))`.as('total'),
      eb.fn.count<number>('p.id').as('gifts'),
      eb.fn.max('p.created_at').as('last'),
    ])
    .where('p.site_id', '=', siteId)
    .where('p.status', '=', 'succeeded')
    .groupBy(['d.donor_email', 'p.currency'])
    .orderBy('total', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    email: r.donor_email,
    name: String(r.name ?? ''),
    // 'anonymous' sorts before 'name': one anonymous gift hides the name.
    showName: r.display !== 'anonymous',
    currency: r.currency,
    totalCents: Number(r.total),
    gifts: Number(r.gifts),
    lastGiftAt: String(r.last ?? ''),
  }));
}

/** The payments of one gift of the site, oldest first; undefined when the site has no such gift. */
export async function listDonationPayments(
  db: Kysely<Database>,
  siteId: string,
  donationId: string,
): Promise<OwnerDonationPayment[] | undefined> {
  const donation = await db
    .selectFrom('donations')
    .select('id')
    .where('id', '=', donationId)
    .where('site_id', '=', siteId)
    .executeTakeFirst();
  if (!donation) return undefined;
  const rows = await db
    .selectFrom('donation_payments as p')
    .leftJoin('orders as o', 'o.id', 'p.order_id')
    .select([
      'p.id',
      'p.cycle',
      'p.amount_cents',
      'p.currency',
      'p.status',
      'p.reference',
      'p.created_at',
      'p.order_id',
      'o.order_number',
      REFUNDED.as('refunded'),
    ])
    .where('p.donation_id', '=', donationId)
    .orderBy('p.cycle')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    cycle: r.cycle,
    amountCents: r.amount_cents,
    currency: r.currency,
    status: r.status,
    reference: r.reference,
    paidAt: r.created_at,
    refundedCents: Number(r.refunded ?? 0),
    orderId: r.order_id,
    orderNumber: r.order_number ?? null,
  }));
}
