import { useState } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import '../settings/settings.css';
import { InviteForm } from './InviteForm.js';
import { OWNERS, type Owner } from './owner-types.js';
import { OwnerRow } from './OwnerRow.js';

/**
 * Owner accounts (group `admin`): everyone who runs the site with their roles; invite, change
 * roles, remove. The server keeps at least one administrator and says so when asked otherwise.
 */
export default function OwnersPanel({ owner: me }: PanelProps) {
  const owners = useResource<{ owners: Owner[] }>(OWNERS);
  const [status, setStatus] = useState('');

  return (
    <Panel title="Owners" status={status}>
      <InviteForm onInvited={owners.reload} />
      {owners.error && (
        <div className="ed-error" role="alert">
          {owners.error}{' '}
          <button type="button" onClick={() => void owners.reload()}>
            Try again
          </button>
        </div>
      )}
      {owners.loading && !owners.data && <p className="ed-empty">Loading owners…</p>}
      {owners.data && (
        <table className="ed-table" aria-label="Owners of this site">
          <thead>
            <tr>
              <th scope="col">Email</th>
              <th scope="col">Roles</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="ed-sr">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {owners.data.owners.map((o) => (
              <OwnerRow
                key={o.id}
                owner={o}
                isSelf={o.email === me.email}
                onChanged={owners.reload}
                onStatus={setStatus}
                onRemovedSelf={() => window.location.assign('/config/login')}
              />
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
