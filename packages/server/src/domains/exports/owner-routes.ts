import { customersCsv, ordersCsv } from '@tessera/core/contracts/exports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodType } from 'zod';
import { requireOwner } from '../auth/index.js';
import { customerCsv, orderCsv } from './order-export.js';

function sendCsv(reply: FastifyReply, filename: string, body: string | AsyncIterable<string>) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store')
    .send(body);
}

/** The owner's downloads of their shop's data (issue 19): orders and customers as CSV (`order-export.ts`). */
export default async function exportsPlugin(app: FastifyInstance): Promise<void> {
  const store = { preHandler: requireOwner('store') };
  const csv = (schema: ZodType) => ({
    ...store,
    config: { contract: { answerType: 'text/csv', response: { 200: schema } } },
  });

  app.get('/api/config/exports/orders.csv', csv(ordersCsv), async (request, reply) => {
    let body = '';
    for await (const chunk of orderCsv(app.db, request.owner!.websiteId)) body += chunk;
    return sendCsv(reply, 'orders.csv', body);
  });

  app.get('/api/config/exports/customers.csv', csv(customersCsv), async (request, reply) =>
    sendCsv(reply, 'customers.csv', await customerCsv(app.db, request.owner!.websiteId)),
  );
}
