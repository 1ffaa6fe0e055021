import { EMPTY_ITEM_SEO, type ItemSeo, PAGE_STATUS_LABELS, type PageStatus, validateItemSeo } from '@tessera/core';
import type { EventSeoAnswer, EventSeoSummary, EventsAnswer } from '@tessera/core/contracts/events';
import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { TableHead } from '../shared/ListParts.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { SeoFields } from '../shared/SeoFields.js';

export const EVENTS_PATH = '/config/events';

function dateText(iso: string | null): string {
  const at = iso ? new Date(iso) : undefined;
  return at && !Number.isNaN(at.getTime()) ? at.toLocaleString(undefined, { dateStyle: 'medium' }) : '';
}

/** The problems core's rule finds in the fields, keyed `seo.<field>` as the server reports them. */
export function checkEventSeo(seo: ItemSeo): Record<string, string> {
  const checked = validateItemSeo(seo);
  const errors: Record<string, string> = {};
  if (!checked.ok) for (const [field, message] of Object.entries(checked.errors)) errors[`seo.${field}`] = message;
  return errors;
}

/**
 * Events: every event of the site's events collections, and for one event its search and sharing
 * fields (the same section products and posts have). `/config/events/<eventId>` opens an event.
 */
export default function EventsPanel({ path, navigate }: PanelProps) {
  const list = useResource<EventsAnswer>('/api/config/events');
  const eventId = decodeURIComponent(path.slice(EVENTS_PATH.length).split('/').filter(Boolean)[0] ?? '');
  const open = list.data?.events.find((event) => event.id === eventId);

  if (eventId && open) {
    return (
      <EventSeoEditor
        key={open.id}
        event={open}
        onBack={() => navigate(EVENTS_PATH)}
        onSaved={() => void list.reload()}
      />
    );
  }
  const events = list.data?.events ?? [];
  return (
    <Panel title="Events" error={list.error}>
      {eventId && list.data && <p role="alert">Unable to locate content</p>}
      {!list.data ? (
        <p className="ed-empty">Loading…</p>
      ) : events.length === 0 ? (
        <p className="ed-empty">This site has no events yet. Add an events collection to the site to list them.</p>
      ) : (
        <table className="ed-table">
          <caption className="ed-sr">Events</caption>
          <TableHead columns={['Event', 'Date', 'Status', 'Search engines']} />
          <tbody>
            {events.map((event) => (
              <tr key={event.id}>
                <th scope="row">
                  <a
                    href={`${EVENTS_PATH}/${encodeURIComponent(event.id)}`}
                    onClick={(e) => {
                      e.preventDefault();
                      navigate(`${EVENTS_PATH}/${encodeURIComponent(event.id)}`);
                    }}
                  >
                    {event.title}
                  </a>
                  <span className="ed-hint"> in {event.collectionTitle}</span>
                </th>
                <td>{dateText(event.startDate)}</td>
                <td>{PAGE_STATUS_LABELS[event.status as PageStatus] ?? event.status}</td>
                <td>{event.seo.noindex ? 'Hidden' : 'Listed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

function EventSeoEditor(props: { event: EventSeoSummary; onBack: () => void; onSaved: () => void }) {
  const { event } = props;
  const [seo, setSeo] = useState<ItemSeo>({ ...EMPTY_ITEM_SEO, ...event.seo });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const problems = checkEventSeo(seo);
    setErrors(problems);
    setError('');
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const answer = await api<EventSeoAnswer>('PUT', `/api/config/events/${encodeURIComponent(event.id)}/seo`, {
        seo,
      });
      setSeo({ ...EMPTY_ITEM_SEO, ...answer.event.seo });
      setStatus('Saved. Search engines and link previews see the new fields.');
      props.onSaved();
    } catch (caught) {
      const message = (caught as Error).message;
      // The server names each bad field (`fields: { 'seo.title': message }`), as the form keys them.
      const fields = caught instanceof ApiError ? caught.body.fields : undefined;
      if (fields && typeof fields === 'object') setErrors(fields as Record<string, string>);
      setError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel
      title={`Event: ${event.title}`}
      error={error}
      onDismissError={() => setError('')}
      status={status}
      actions={
        <>
          <button type="button" onClick={props.onBack}>
            Back to events
          </button>
          <a href={event.path} target="_blank" rel="noreferrer">
            View on site
          </a>
        </>
      }
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <SeoFields
          seo={seo}
          errors={errors}
          onChange={(next) => {
            setSeo(next);
            setStatus('');
          }}
        />
        {status && <p className="ed-hint">{status}</p>}
        <div className="ed-blog__buttons">
          <button type="submit" className="ed-primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
      </form>
    </Panel>
  );
}
