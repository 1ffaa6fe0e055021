import { BlockType } from '@tessera/core';
import type { Kysely } from 'kysely';
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

export interface OwnerDonation {
  id: string;
  createdAt: string;
  donorName: string;
  donorEmail: string;
  showName: boolean;
  amountCents: number;
  currency: string;
  interval: string;
  status: string;
  note: string | null;
  orderId: string;
  paidCents: number;
  payments: number;
  nextChargeAt: string | null;
  message: string | null;
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

/** The site's donations, newest first, each with what it has paid so far. */
export async function listDonations(db: Kysely<Database>, siteId: string, limit: number): Promise<OwnerDonation[]> {
  const rows = await db
    .selectFrom('donations as d')
    .leftJoin('donation_payments as p', (join) =>
      join.onRef('p.donation_id', '=', 'd.id').on('p.status', '=', 'succeeded'),
    )
    .select((eb) => [
      ...LISTED_COLUMNS,
      eb.fn.coalesce(eb.fn.sum<number>('p.amount_cents'), eb.lit(0)).as('paid'),
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
    paidCents: Number(r.paid),
    payments: Number(r.count),
    nextChargeAt: r.next_charge_at,
    message: r.message,
  }));
}

export interface DonationTotals {
  currency: string;
  totalCents: number;
  payments: number;
  donors: number;
  activeRecurring: number;
}

/** What the site has received, per currency: money that succeeded only. */
export async function donationTotals(db: Kysely<Database>, siteId: string): Promise<DonationTotals[]> {
  const received = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .select((eb) => [
      'p.currency',
      eb.fn.sum<number>('p.amount_cents').as('total'),
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
    totalCents: Number(r.total),
    payments: Number(r.payments),
    donors: Number(r.donors),
    activeRecurring: Number(active.find((a) => a.currency === r.currency)?.n ?? 0),
  }));
}

export interface Donor {
  email: string;
  name: string;
  showName: boolean;
  currency: string;
  totalCents: number;
  gifts: number;
  lastGiftAt: string;
}

/** One line per donor (by email and currency): what they gave in all. */
export async function listDonors(db: Kysely<Database>, siteId: string, limit: number): Promise<Donor[]> {
  const rows = await db
    .selectFrom('donation_payments as p')
    .innerJoin('donations as d', 'd.id', 'p.donation_id')
    .select((eb) => [
      'd.donor_email',
      'p.currency',
      eb.fn.max('d.donor_name').as('name'),
      eb.fn.min('d.name_display').as('display'),
      eb.fn.sum<number>('p.amount_cents').as('total'),
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
