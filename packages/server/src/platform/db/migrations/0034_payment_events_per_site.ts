import type { Kysely, Migration } from 'kysely';

// Provider events seen, per site (issue 23). One Stripe or PayPal account can serve several sites of
// an install (keys in the environment), and the provider then sends each event, with one id, to every
// site's webhook address. Keyed by provider and event id alone, the first site to receive an event
// (where it named nothing of that site's) marked it seen for all, and the site it was about dropped it
// as a redelivery: a refund made in the provider's dashboard was then never recorded there.
// `payment_events` is rebuilt with the site in its key; events seen before keep an empty site (a
// redelivery of one of them is handled again, which every handler does idempotently).

export const paymentEventsPerSiteMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('payment_events').renameTo('payment_events_0015').execute();
    await db.schema
      .createTable('payment_events')
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('site_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_site_pk', ['provider', 'site_id', 'event_id'])
      .execute();
    await db
      .insertInto('payment_events')
      .columns(['provider', 'site_id', 'event_id', 'type', 'received_at'])
      .expression((eb) =>
        eb
          .selectFrom('payment_events_0015')
          .select(['provider', eb.val('').as('site_id'), 'event_id', 'type', 'received_at']),
      )
      .execute();
    await db.schema.dropTable('payment_events_0015').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('payment_events').renameTo('payment_events_0034').execute();
    await db.schema
      .createTable('payment_events')
      .addColumn('provider', 'varchar(16)', (c) => c.notNull())
      .addColumn('event_id', 'varchar(255)', (c) => c.notNull())
      .addColumn('type', 'varchar(64)', (c) => c.notNull())
      .addColumn('received_at', 'varchar(32)', (c) => c.notNull())
      .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
      .execute();
    await db
      .insertInto('payment_events')
      .columns(['provider', 'event_id', 'type', 'received_at'])
      .expression((eb) =>
        eb
          .selectFrom('payment_events_0034')
          .select(['provider', 'event_id', eb.fn.max('type').as('type'), eb.fn.max('received_at').as('received_at')])
          .groupBy(['provider', 'event_id']),
      )
      .execute();
    await db.schema.dropTable('payment_events_0034').execute();
  },
};
