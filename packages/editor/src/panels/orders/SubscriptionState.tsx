import type { SubscriptionRenewal } from '@tessera/core/contracts/orders';

const STATUS: Record<string, string> = {
  active: 'Active',
  paused: 'Paused: the last renewal could not be charged',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** Where an order's subscription stands: renewals going through, waiting for the buyer, or paused (issue 17). */
export function SubscriptionState(props: { subscription: SubscriptionRenewal; showDate: (iso: string) => string }) {
  const { subscription: sub, showDate } = props;
  const waiting =
    sub.renewalState === 'requires-action'
      ? 'The bank asked the buyer to confirm the last renewal; they were mailed a link to pay.'
      : sub.renewalState === 'declined'
        ? 'The last renewal was declined; the buyer was mailed a link to pay.'
        : null;
  return (
    <section className="ed-card ed-orders-section" aria-labelledby="ed-order-subscription">
      <h2 id="ed-order-subscription">Subscription</h2>
      <p>{STATUS[sub.status] ?? sub.status}</p>
      {waiting && (
        <p role="note">
          {waiting}
          {sub.renewalMessage && ` The provider said: ${sub.renewalMessage}`}
          {sub.renewalRetryAt && ` Next try: ${showDate(sub.renewalRetryAt)}.`}
        </p>
      )}
      {sub.status === 'active' && sub.nextBillingAt && (
        <p className="ed-hint">Next renewal: {showDate(sub.nextBillingAt)}.</p>
      )}
    </section>
  );
}
