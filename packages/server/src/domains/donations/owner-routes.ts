import { currencyDigits } from '@tessera/core';
import {
  DONATIONS_CSV_COLUMNS,
  donationParams,
  donationPaymentParams,
  donationPaymentsAnswer,
  donationRefundAnswer,
  donationRefundBody,
  donationsCsv,
  donationsListing,
  donationTotalsAnswer,
  ownerListQuery,
} from '@tessera/core/contracts/donations';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { TesseraError } from '../../platform/errors/index.js';
import { donationTotals, listDonationPayments, listDonations, listDonors } from './repository.js';
import type { DonationService } from './service.js';

// The owner's side: donations and donors with totals (the editor's Donations panel), the CSV export,
// and the payments of one gift with the refund of a renewal payment.

const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180); text a spreadsheet would run as a formula is kept as text. */
function cell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
const row = (cells: readonly (string | number | null)[]) => `${cells.map((c) => cell(String(c ?? ''))).join(',')}\r\n`;

function siteOf(request: FastifyRequest): string {
  const owner = request.owner;
  if (!owner) throw new TesseraError('unauthenticated');
  return owner.websiteId;
}

/** Minor units as a plain decimal for spreadsheets ("12.50"; whole units when the currency has none). */
function decimal(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}

export function registerDonationOwnerRoutes(app: FastifyInstance, service: DonationService): void {
  const guard = { preHandler: requireOwner('store') };

  app.get(
    '/api/config/donations/:donationId/payments',
    { ...guard, config: { contract: { params: donationParams, response: { 200: donationPaymentsAnswer } } } },
    async (request, reply) => {
      const { donationId } = parseInput(donationParams, request.params, 'address');
      const payments = await listDonationPayments(app.db, siteOf(request), donationId);
      if (!payments) {
        return reply.code(404).send({ error: 'not-found', message: 'That donation does not exist.' });
      }
      return reply.header('cache-control', 'no-store').send({ payments });
    },
  );

  // A renewal payment is no order: it is refunded here, through the provider that took it, once.
  app.post(
    '/api/config/donations/:donationId/payments/:paymentId/refund',
    {
      ...guard,
      config: {
        contract: { params: donationPaymentParams, body: donationRefundBody, response: { 200: donationRefundAnswer } },
      },
    },
    async (request, reply) => {
      const { donationId, paymentId } = parseInput(donationPaymentParams, request.params, 'address');
      const body = parseInput(donationRefundBody, request.body ?? {}, 'request body');
      const siteId = siteOf(request);
      const site = await app.services.content.getSite(siteId);
      const outcome = await service.refund({
        siteId,
        donationId,
        paymentId,
        amountCents: body.amountCents,
        locale: site?.locale?.replace('_', '-') || 'en-US',
      });
      reply.header('cache-control', 'no-store');
      if (!outcome.ok) {
        return reply.code(outcome.status).send({ error: outcome.error, message: outcome.message, ...outcome.extra });
      }
      return outcome;
    },
  );

  app.get(
    '/api/config/donations',
    { ...guard, config: { contract: { query: ownerListQuery, response: { 200: donationsListing } } } },
    async (request, reply) => {
      const { limit } = parseInput(ownerListQuery, request.query ?? {}, 'query');
      const siteId = siteOf(request);
      const [donations, donors, totals] = await Promise.all([
        listDonations(app.db, siteId, limit),
        listDonors(app.db, siteId, limit),
        donationTotals(app.db, siteId),
      ]);
      return reply.header('cache-control', 'no-store').send({ donations, donors, totals });
    },
  );

  // Totals for the Analytics panel: owners who see reports but not the store's donors.
  app.get(
    '/api/config/donations/totals',
    { preHandler: requireOwner('reporting'), config: { contract: { response: { 200: donationTotalsAnswer } } } },
    async (request, reply) => {
      const totals = await donationTotals(app.db, siteOf(request));
      return reply.header('cache-control', 'no-store').send({ totals });
    },
  );

  const csv = { answerType: 'text/csv', response: { 200: donationsCsv } };
  app.get('/api/config/donations.csv', { ...guard, config: { contract: csv } }, async (request, reply) => {
    const siteId = siteOf(request);
    const donations = await listDonations(app.db, siteId, 100_000);
    let body = `\uFEFF${row(DONATIONS_CSV_COLUMNS)}`;
    for (const d of donations) {
      body += row([
        d.createdAt,
        d.donorName,
        d.donorEmail,
        d.showName ? 'yes' : 'no',
        decimal(d.amountCents, d.currency),
        d.currency,
        d.interval,
        d.status,
        decimal(d.paidCents, d.currency),
        d.payments,
        d.note,
        decimal(d.refundedCents, d.currency),
      ]);
    }
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="donations.csv"')
      .header('cache-control', 'no-store')
      .send(body);
  });
}
