import { api } from '../../api.js';
import { TableHead } from '../shared/ListParts.js';
import { useResource } from '../shared/resource.js';
import { deliveryText, EVENT_LABELS, type WebhookDelivery } from './types.js';

/** The recent deliveries of one endpoint, newest first, each with a "Redeliver" button (remounted to reload). */
export function Deliveries(props: { path: string; act: (run: () => Promise<void>) => Promise<void> }) {
  const log = useResource<{ deliveries: WebhookDelivery[] }>(`${props.path}/deliveries`);
  const rows = log.data?.deliveries ?? [];
  if (log.loading && !log.data) return <p className="ed-empty">Loading…</p>;
  if (rows.length === 0) return <p className="ed-empty">Nothing has been sent to this endpoint yet.</p>;
  return (
    <table className="ed-table ed-webhooks__log" aria-label="Recent deliveries">
      <TableHead columns={['Event', 'Status', 'Attempts', 'Date', '']} />
      <tbody>
        {rows.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <th scope="row" title={d.eventId}>
              {EVENT_LABELS[d.type] ?? d.type}
            </th>
            <td>{deliveryText(d)}</td>
            <td>{d.attempts}</td>
            <td>
              <time dateTime={d.createdAt}>{new Date(d.createdAt).toLocaleString()}</time>
            </td>
            <td>
              <button
                type="button"
                onClick={() =>
                  void props.act(async () => {
                    await api('POST', `${props.path}/deliveries/${encodeURIComponent(d.id)}/redeliver`);
                    await log.reload();
                  })
                }
              >
                Redeliver
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
