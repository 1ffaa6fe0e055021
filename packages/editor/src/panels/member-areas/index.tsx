import { type FormEvent, useState } from 'react';
import { ApiError, api } from '../../api.js';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { AreaCard } from './AreaCard.js';
import { BASE, CollectionPicker } from './parts.js';
import type { AreasListing } from '@tessera/core/contracts/member-areas';
import './member-areas.css';

/**
 * Member areas (`/config/commerce/member-areas`, issue 23): areas and the pages they cover, plans
 * (free, one-time, recurring), members with grant and revoke, and revenue per plan.
 */
export default function MemberAreasPanel(_props: PanelProps) {
  const listing = useResource<AreasListing>(BASE);
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const areas = listing.data?.areas ?? [];
  const changed = async (text: string) => {
    setStatus(text);
    await listing.reload();
  };
  return (
    <Panel
      title="Member areas"
      error={error || listing.error}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <button type="button" onClick={() => void listing.reload()}>
          Refresh
        </button>
      }
    >
      <p className="ed-help">
        A member area keeps its pages for members. Visitors join a plan from the area’s pages or a Member area block;
        paid plans go through the checkout, and access follows the payments.
      </p>
      {listing.data && (
        <AddArea collections={listing.data.collections} onAdded={(title) => changed(`Member area ${title} added.`)} />
      )}
      {listing.data && areas.length === 0 && <p className="ed-empty">No member areas yet.</p>}
      <ul className="ed-member-areas__list">
        {areas.map((area) => (
          <AreaCard
            key={area.id}
            area={area}
            collections={listing.data?.collections ?? []}
            onChanged={changed}
            onError={setError}
          />
        ))}
      </ul>
    </Panel>
  );
}

function AddArea(props: { collections: AreasListing['collections']; onAdded: (title: string) => Promise<void> }) {
  const [title, setTitle] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setProblem('');
    try {
      await api('POST', BASE, { title, collectionIds: picked });
      setTitle('');
      setPicked([]);
      await props.onAdded(title);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : (e as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="ed-card" onSubmit={(e) => void submit(e)} aria-label="Add a member area">
      <h2>Add a member area</h2>
      <label>
        Name
        <input value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required />
      </label>
      <CollectionPicker collections={props.collections} picked={picked} onChange={setPicked} />
      {problem && <p className="ed-field-error">{problem}</p>}
      <button type="submit" disabled={busy}>
        Add member area
      </button>
    </form>
  );
}
