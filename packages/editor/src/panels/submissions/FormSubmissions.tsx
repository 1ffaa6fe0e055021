import type { OwnerFormAnswer, SubmissionPage } from '@tessera/core/contracts/owner-forms';
import { useState } from 'react';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { displayValue, pageCount, valueFields } from './values.js';

const PAGE_SIZE = 25;

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** One form's submissions, newest first, a page at a time; columns are the form's fields. */
export function FormSubmissions({ formId, navigate }: { formId: string; navigate: (path: string) => void }) {
  const [page, setPage] = useState(1);
  const base = `/api/config/forms/${encodeURIComponent(formId)}`;
  const form = useResource<OwnerFormAnswer>(base);
  const rows = useResource<SubmissionPage>(`${base}/submissions?page=${page}&pageSize=${PAGE_SIZE}`);
  const definition = form.data?.form;
  const fields = definition ? valueFields(definition) : [];
  const data = rows.data;
  const pages = data ? pageCount(data.total, PAGE_SIZE) : 1;

  return (
    <Panel
      title={definition ? `${definition.name || formId}: submissions` : 'Form submissions'}
      error={form.error || rows.error}
      status={rows.loading ? 'Loading submissions…' : data ? `${data.total} submissions, page ${page} of ${pages}` : ''}
      actions={
        <>
          <a
            href="/config/forms"
            onClick={(event) => {
              event.preventDefault();
              navigate('/config/forms');
            }}
          >
            All forms
          </a>
          <button type="button" onClick={() => void rows.reload()} disabled={rows.loading}>
            Refresh
          </button>
          <a className="ed-primary sub-export" href={`${base}/submissions.csv`} download>
            Export CSV
          </a>
        </>
      }
    >
      {data && data.total === 0 && <p className="ed-empty">No submissions yet.</p>}
      {definition && data && data.submissions.length > 0 && (
        <div className="sub-scroll">
          <table className="ed-table sub-table">
            <caption className="ed-sr">Submissions of {definition.name}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Spam</th>
                {fields.map((field) => (
                  <th key={field.id} scope="col">
                    {field.title || field.id}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.submissions.map((submission) => (
                <tr key={submission.id} className={submission.spam ? 'sub-spam' : undefined}>
                  <th scope="row">
                    <time dateTime={submission.createdAt}>{when(submission.createdAt)}</time>
                  </th>
                  <td>
                    {submission.spam ? (
                      <span className="sub-flag" title={submission.spamReason ?? undefined}>
                        Spam{submission.spamReason ? ` (${submission.spamReason})` : ''}
                      </span>
                    ) : (
                      'No'
                    )}
                  </td>
                  {fields.map((field) => (
                    <td key={field.id}>{displayValue(field.type, submission.values[field.id])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && data.total > PAGE_SIZE && (
        <nav className="sub-pager" aria-label="Submission pages">
          <button type="button" onClick={() => setPage(page - 1)} disabled={page <= 1}>
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" onClick={() => setPage(page + 1)} disabled={!data.hasNextPage}>
            Older
          </button>
        </nav>
      )}
    </Panel>
  );
}
