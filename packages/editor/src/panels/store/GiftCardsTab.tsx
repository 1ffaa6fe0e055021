import { useCallback, useEffect, useState } from 'react';
import { api } from '../../api.js';
import { LoadMore, TableHead } from '../shared/ListParts.js';
import { nextCursor, usePagedList } from '../shared/paged-list.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';
import { TextField } from './fields.js';
import { parseMoneyInput, showMoney } from './money.js';
import type { GiftCard, GiftCardPage, IssuedGiftCard } from '@tessera/core/contracts/gift-cards';

const STATUS_LABELS: Record<GiftCard['status'], string> = { active: 'Active', used: 'Used up', disabled: 'Disabled' };

/** Gift cards: the issued cards (codes masked but for the last four), a card issued by hand, disable/enable. */
export function GiftCardsTab(props: { currency: string; locale: string }) {
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('all');
  const [message, setMessage] = useState('');

  const fetchPage = useCallback(
    async (after: string | null) => {
      const params = new URLSearchParams();
      if (query.trim()) params.set('q', query.trim());
      if (status !== 'all') params.set('status', status);
      if (after) params.set('cursor', after);
      const page = await api<GiftCardPage>('GET', `/api/config/gift-cards?${params}`);
      return { items: page.giftCards, next: nextCursor(page) };
    },
    [query, status],
  );
  const { items: cards, setItems: setCards, cursor, loading, error, setError, load } = usePagedList(fetchPage);
  // A new filter starts from the first page; typing waits for the search button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload on the status filter only
  useEffect(() => {
    void load(null);
  }, [status]);

  async function toggle(card: GiftCard) {
    const action = card.status === 'disabled' ? 'enable' : 'disable';
    try {
      const { giftCard } = await api<{ giftCard: GiftCard }>('POST', `/api/config/gift-cards/${card.id}/${action}`, {});
      setCards((old) => old.map((c) => (c.id === giftCard.id ? giftCard : c)));
      setMessage(`Gift card ending ${giftCard.last4} ${action === 'disable' ? 'disabled' : 'enabled'}.`);
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <div className="ed-store-gift-cards">
      <IssueForm
        currency={props.currency}
        onIssued={(card) => {
          setCards((old) => [card, ...old]);
        }}
      />
      <h2>Issued gift cards</h2>
      <form
        className="ed-store-filters"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          void load(null);
        }}
      >
        <label htmlFor="ed-gift-card-search">Search gift cards</label>
        <input
          id="ed-gift-card-search"
          type="search"
          placeholder="Last 4 characters or email"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <label htmlFor="ed-gift-card-status">Show</label>
        <select id="ed-gift-card-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="all">All cards</option>
          <option value="active">Active</option>
          <option value="used">Used up</option>
          <option value="disabled">Disabled</option>
        </select>
        <button type="submit">Search</button>
      </form>
      {error && (
        <p className="ed-error" role="alert">
          {error}
        </p>
      )}
      <p role="status" className="ed-store-status">
        {message}
      </p>
      {cards.length === 0 && !loading ? (
        <p className="ed-empty">No gift cards found.</p>
      ) : (
        <table className="ed-table">
          <caption className="ed-sr">Gift cards</caption>
          <TableHead
            columns={['Code', 'Balance', 'Original amount', 'Recipient', 'Order', 'Status']}
            hidden="Actions"
          />
          <tbody>
            {cards.map((card) => (
              <tr key={card.id}>
                <td className="ed-store-code">{card.code}</td>
                <td>{showMoney(card.balanceCents, card.currency, props.locale)}</td>
                <td>{showMoney(card.initialCents, card.currency, props.locale)}</td>
                <td>{card.recipientEmail}</td>
                <td>
                  {card.orderId ? (
                    <a href={`/config/commerce/orders/${encodeURIComponent(card.orderId)}`}>#{card.orderNumber}</a>
                  ) : (
                    <span className="ed-hint">Issued by {card.issuedBy ?? 'the store'}</span>
                  )}
                </td>
                <td>{STATUS_LABELS[card.status]}</td>
                <td>
                  <button type="button" onClick={() => void toggle(card)}>
                    {card.status === 'disabled' ? 'Enable' : 'Disable'}
                    <span className="ed-sr"> gift card ending {card.last4}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <LoadMore cursor={cursor} loading={loading} onMore={(after) => void load(after)}>
        Load more gift cards
      </LoadMore>
    </div>
  );
}

function IssueForm(props: { currency: string; onIssued: (card: GiftCard) => void }) {
  const [amount, setAmount] = useState('');
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [sendEmail, setSendEmail] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [issued, setIssued] = useState<{ code: string; mailed: boolean; to: string } | undefined>();
  const [busy, setBusy] = useState(false);

  async function submit() {
    setIssued(undefined);
    const parsed = parseMoneyInput(amount, props.currency);
    if (!parsed.ok) {
      setErrors({ amountCents: parsed.message });
      return;
    }
    setBusy(true);
    try {
      const answer = await api<IssuedGiftCard>('POST', '/api/config/gift-cards', {
        amountCents: parsed.cents,
        recipientEmail: email,
        sendEmail,
        ...(note.trim() ? { note } : {}),
      });
      setErrors({});
      setError('');
      setIssued({ code: answer.code, mailed: answer.mailed, to: answer.giftCard.recipientEmail });
      setAmount('');
      setEmail('');
      setNote('');
      props.onIssued(answer.giftCard);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      setError(Object.keys(fields).length ? '' : (e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="ed-card ed-store-issue"
      aria-labelledby="ed-issue-title"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="ed-issue-title">Issue a gift card</h2>
      <TextField
        label={`Amount (${props.currency})`}
        path="amountCents"
        errors={errors}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      <TextField
        label="Recipient email"
        path="recipientEmail"
        errors={errors}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Note (optional)"
        path="note"
        errors={errors}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="ed-form-row ed-store-check">
        <input
          id="ed-issue-send"
          type="checkbox"
          checked={sendEmail}
          onChange={(e) => setSendEmail(e.target.checked)}
        />
        <label htmlFor="ed-issue-send">Email the code to the recipient</label>
      </div>
      <button type="submit" className="ed-primary" disabled={busy}>
        {busy ? 'Issuing…' : 'Issue gift card'}
      </button>
      {error && (
        <p className="ed-field-error" role="alert">
          {error}
        </p>
      )}
      <div role="status">
        {issued && (
          <p className="ed-store-issued">
            Gift card issued. Code: <strong className="ed-store-code">{issued.code}</strong>.{' '}
            {issued.mailed ? `Emailed to ${issued.to}.` : 'Copy it now: it is not shown again.'}
          </p>
        )}
      </div>
    </form>
  );
}
