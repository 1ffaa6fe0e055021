import { type FormEvent, useState } from 'react';
import { api } from '../../api.js';
import { useResource } from '../shared/resource.js';
import { BASE } from './parts.js';
import { RevenueTable } from './RevenueTable.js';
import type { MembersAnswer } from '@tessera/core/contracts/member-areas';
import { SOURCE_LABELS } from './types.js';

/** The area's members (with grant and revoke) and revenue per plan. */
export function Members(props: { areaId: string; onError: (text: string) => void }) {
  const base = `${BASE}/${encodeURIComponent(props.areaId)}/members`;
  const report = useResource<MembersAnswer>(base);
  const [email, setEmail] = useState('');

  async function act(run: () => Promise<unknown>) {
    try {
      await run();
      await report.reload();
    } catch (e) {
      props.onError((e as Error).message);
    }
  }

  function grant(event: FormEvent) {
    event.preventDefault();
    void act(async () => {
      await api('POST', base, { email });
      setEmail('');
    });
  }

  if (report.error) return <p className="ed-field-error">{report.error}</p>;
  if (!report.data) return <p className="ed-hint">Loading members…</p>;
  return (
    <div className="ed-member-areas__members">
      <RevenueTable revenue={report.data.revenue} />
      <form onSubmit={grant} aria-label="Grant access">
        <label>
          Grant access to (site user’s email)
          <input type="email" value={email} onChange={(e) => setEmail(e.target.value)} required />
        </label>
        <button type="submit">Grant access</button>
      </form>
      {report.data.members.length === 0 ? (
        <p className="ed-empty">No members yet.</p>
      ) : (
        <table>
          <caption>Members</caption>
          <thead>
            <tr>
              <th scope="col">Member</th>
              <th scope="col">Access</th>
              <th scope="col">Until</th>
              <th scope="col">
                <span className="ed-sr">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {report.data.members.map((m) => (
              <tr key={m.siteUserId}>
                <td>{m.name ? `${m.name} (${m.email})` : m.email}</td>
                <td>{SOURCE_LABELS[m.access.source] ?? m.access.source}</td>
                <td>{m.access.active ? (m.access.until?.slice(0, 10) ?? 'No end') : ''}</td>
                <td>
                  {m.access.source === 'revoked' ? (
                    <button type="button" onClick={() => void act(() => api('POST', base, { email: m.email }))}>
                      Grant {m.email} again
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => void act(() => api('DELETE', `${base}/${encodeURIComponent(m.siteUserId)}`))}
                    >
                      Revoke {m.email}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
