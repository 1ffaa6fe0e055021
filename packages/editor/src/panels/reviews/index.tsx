import type { OwnerReview, ReviewSettings } from '@tessera/core/contracts/reviews';
import { useState } from 'react';
import { api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';

export const REVIEWS_PATH = '/config/commerce/reviews';

const STATUS_LABEL: Record<OwnerReview['status'], string> = { pending: 'Waiting', approved: 'Shown', hidden: 'Hidden' };
const FILTERS = ['pending', 'approved', 'hidden', 'all'] as const;
const stars = (n: number) => '★'.repeat(n) + '☆'.repeat(5 - n);

/** Product reviews: settings, and each review to approve, hide or answer. */
export default function ReviewsPanel(_props: PanelProps) {
  const [filter, setFilter] = useState<(typeof FILTERS)[number]>('pending');
  const listing = useResource<{ reviews: OwnerReview[] }>(`/api/config/reviews?status=${filter}`);
  const settings = useResource<ReviewSettings>('/api/config/reviews/settings');
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [replies, setReplies] = useState<Record<string, string>>({});

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      setError('');
      setStatus(done);
      await Promise.all([listing.reload(), settings.reload()]);
    } catch (e) {
      setError((e as Error).message);
    }
  }
  const saveSettings = (change: Partial<ReviewSettings>) =>
    act(() => api('PUT', '/api/config/reviews/settings', change), 'Review settings saved.');
  const setReviewStatus = (review: OwnerReview, next: OwnerReview['status']) =>
    act(
      () => api('PUT', `/api/config/reviews/${encodeURIComponent(review.id)}/status`, { status: next }),
      `Review “${review.title}” is ${STATUS_LABEL[next].toLowerCase()}.`,
    );
  const deleteReview = (review: OwnerReview) => {
    if (!window.confirm(`Delete the review “${review.title}” and its photos?`)) return;
    void act(
      () => api('DELETE', `/api/config/reviews/${encodeURIComponent(review.id)}`),
      `Review “${review.title}” deleted.`,
    );
  };
  const saveReply = (review: OwnerReview) =>
    act(
      () =>
        api('PUT', `/api/config/reviews/${encodeURIComponent(review.id)}/reply`, {
          reply: replies[review.id] ?? review.reply ?? '',
        }),
      'Answer saved.',
    );

  const s = settings.data;
  return (
    <Panel
      title="Reviews"
      error={error || listing.error || settings.error}
      onDismissError={() => setError('')}
      status={status}
    >
      {s && (
        <fieldset className="ed-fieldset">
          <legend>Settings</legend>
          <label>
            <input
              type="checkbox"
              checked={s.enabled}
              onChange={(e) => void saveSettings({ enabled: e.target.checked })}
            />{' '}
            Show reviews on product pages and ask buyers for them
          </label>
          <label>
            <input
              type="checkbox"
              checked={s.anyUser}
              onChange={(e) => void saveSettings({ anyUser: e.target.checked })}
            />{' '}
            Let any signed-in customer review (not only buyers)
          </label>
          <label>
            Days after fulfilment to send the review request{' '}
            <input
              type="number"
              min={0}
              max={90}
              defaultValue={s.requestDelayDays}
              onBlur={(e) => void saveSettings({ requestDelayDays: Number(e.target.value) })}
            />
          </label>
        </fieldset>
      )}
      <div className="ed-tabs" role="group" aria-label="Show reviews">
        {FILTERS.map((f) => (
          <button key={f} type="button" aria-pressed={filter === f} onClick={() => setFilter(f)}>
            {f === 'all' ? 'All' : STATUS_LABEL[f]}
          </button>
        ))}
      </div>
      {listing.loading && !listing.data && <p className="ed-empty">Loading…</p>}
      {listing.data && listing.data.reviews.length === 0 && <p className="ed-empty">No reviews here.</p>}
      {listing.data && listing.data.reviews.length > 0 && (
        <ul className="ed-list">
          {listing.data.reviews.map((r) => (
            <li key={r.id} className="ed-card">
              <p>
                <span aria-hidden="true">{stars(r.rating)}</span>
                <span className="ed-sr">{r.rating} out of 5 stars</span> <strong>{r.title}</strong> · {r.productTitle} ·{' '}
                {r.authorName} · {new Date(r.createdAt).toLocaleDateString()} · {STATUS_LABEL[r.status]}
              </p>
              <p style={{ whiteSpace: 'pre-line' }}>{r.body}</p>
              {r.photos.length > 0 && (
                <ul className="ed-thumbs" aria-label={`Photos of “${r.title}”`}>
                  {r.photos.map((photo) => (
                    <li key={photo.url}>
                      <a href={photo.url} target="_blank" rel="noreferrer">
                        <img src={`${photo.url}?format=100w`} alt={photo.alt} width={80} height={80} />
                      </a>
                    </li>
                  ))}
                </ul>
              )}
              <div className="ed-actions">
                {r.status !== 'approved' && (
                  <button type="button" onClick={() => void setReviewStatus(r, 'approved')}>
                    Approve
                  </button>
                )}
                {r.status !== 'hidden' && (
                  <button type="button" onClick={() => void setReviewStatus(r, 'hidden')}>
                    Hide
                  </button>
                )}
                <button type="button" onClick={() => deleteReview(r)}>
                  Delete
                </button>
              </div>
              <label>
                Your answer (shown under the review)
                <textarea
                  rows={2}
                  maxLength={2000}
                  value={replies[r.id] ?? r.reply ?? ''}
                  onChange={(e) => setReplies({ ...replies, [r.id]: e.target.value })}
                />
              </label>
              <button type="button" onClick={() => void saveReply(r)}>
                Save answer
              </button>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
