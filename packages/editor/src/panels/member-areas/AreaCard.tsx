import { useState } from 'react';
import { api } from '../../api.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { Members } from './Members.js';
import { PlanForm } from './PlanForm.js';
import { BASE, CollectionPicker } from './parts.js';
import type { AreasListing, OwnerArea } from '@tessera/core/contracts/member-areas';

/** One area: its pages, plans (add, stop offering), members and revenue. */
export function AreaCard(props: {
  area: OwnerArea;
  collections: AreasListing['collections'];
  onChanged: (text: string) => Promise<void>;
  onError: (text: string) => void;
}) {
  const { area } = props;
  const [picked, setPicked] = useState(area.collections.map((c) => c.id));
  const [showMembers, setShowMembers] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const base = `${BASE}/${encodeURIComponent(area.id)}`;

  async function act(run: () => Promise<unknown>, done: string) {
    try {
      await run();
      await props.onChanged(done);
    } catch (e) {
      props.onError((e as Error).message);
    }
  }

  return (
    <li className="ed-card ed-member-areas__area" aria-label={area.title}>
      <h2>{area.title}</h2>
      <CollectionPicker collections={props.collections} picked={picked} onChange={setPicked} />
      <button
        type="button"
        onClick={() => void act(() => api('PATCH', base, { collectionIds: picked }), `Pages of ${area.title} saved.`)}
      >
        Save pages
      </button>
      <h3>Plans</h3>
      {area.plans.length === 0 && <p className="ed-empty">No plans yet: visitors cannot join.</p>}
      <ul className="ed-member-areas__plans">
        {area.plans.map((plan) => (
          <li key={plan.id}>
            <span>
              {plan.title}: {plan.price} {plan.period} {plan.duration}
              {plan.archived ? ' (no longer offered)' : ''}
            </span>
            {!plan.archived && (
              <button
                type="button"
                onClick={() =>
                  void act(
                    () => api('DELETE', `${base}/plans/${encodeURIComponent(plan.id)}`),
                    `${plan.title} is no longer offered.`,
                  )
                }
              >
                Stop offering {plan.title}
              </button>
            )}
          </li>
        ))}
      </ul>
      <PlanForm areaId={area.id} onAdded={(title) => props.onChanged(`Plan ${title} added.`)} />
      <button type="button" aria-expanded={showMembers} onClick={() => setShowMembers(!showMembers)}>
        {showMembers ? 'Hide members and revenue' : 'Members and revenue'}
      </button>
      {showMembers && <Members areaId={area.id} onError={props.onError} />}
      <button type="button" className="ed-danger" onClick={() => setConfirming(true)}>
        Delete {area.title}
      </button>
      {confirming && (
        <ConfirmDialog
          title={`Delete ${area.title}?`}
          text="Its pages go back to how they were before they joined the area. Orders and payments stay recorded."
          confirm={`Delete ${area.title}`}
          onConfirm={() => {
            setConfirming(false);
            void act(() => api('DELETE', base), `Member area ${area.title} deleted.`);
          }}
          onCancel={() => setConfirming(false)}
        />
      )}
    </li>
  );
}
