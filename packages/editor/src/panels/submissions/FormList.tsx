import type { FormListAnswer } from '@tessera/core/contracts/owner-forms';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';

const KINDS: Record<string, string> = {
  contact: 'Form',
  newsletter: 'Newsletter',
  'additional-fields': 'Product form',
};

/** Every form of the site with its number of submissions; a form's name opens its submissions. */
export function FormList({ navigate }: { navigate: (path: string) => void }) {
  const forms = useResource<FormListAnswer>('/api/config/forms');
  const list = forms.data?.forms ?? [];
  return (
    <Panel
      title="Form submissions"
      error={forms.error}
      status={forms.loading ? 'Loading forms…' : `${list.length} forms`}
      actions={
        <button type="button" onClick={() => void forms.reload()} disabled={forms.loading}>
          Refresh
        </button>
      }
    >
      {forms.data && list.length === 0 && <p className="ed-empty">This site has no forms yet.</p>}
      {list.length > 0 && (
        <table className="ed-table">
          <caption className="ed-sr">Forms</caption>
          <thead>
            <tr>
              <th scope="col">Form</th>
              <th scope="col">Kind</th>
              <th scope="col">Submissions</th>
            </tr>
          </thead>
          <tbody>
            {list.map((form) => {
              const href = `/config/forms/${encodeURIComponent(form.id)}`;
              return (
                <tr key={form.id}>
                  <th scope="row">
                    <a
                      href={href}
                      onClick={(event) => {
                        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
                        event.preventDefault();
                        navigate(href);
                      }}
                    >
                      {form.name || form.id}
                    </a>
                  </th>
                  <td>{KINDS[form.kind] ?? form.kind}</td>
                  <td>{form.submissionCount.toLocaleString('en-US')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Panel>
  );
}
