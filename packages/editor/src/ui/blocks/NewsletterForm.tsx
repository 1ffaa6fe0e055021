import { NEWSLETTER_MESSAGES, newsletterFormFor, newsletterListOf, newsletterProblem } from '@tessera/core/editor';
import type { MailingListsAnswer } from '@tessera/core/contracts/mailing-lists';
import type { FormListAnswer } from '@tessera/core/contracts/owner-forms';
import { useResource } from '../../panels/shared/resource.js';
import { type BlockFormProps, blockEdits } from './common.js';

/**
 * Newsletter: the mailing list visitors sign up to. The runtime renders the newsletter form stored
 * under `content.formId`; choosing a list stores the list (`content.mailingListId`) and the form
 * that signs up to it. SPEC's messages when there is no list at all or none is chosen.
 */
export function NewsletterForm(props: BlockFormProps) {
  const { setMany } = blockEdits(props);
  const lists = useResource<MailingListsAnswer>('/api/config/forms/mailing-lists');
  const forms = useResource<FormListAnswer>('/api/config/forms');
  if (lists.error || forms.error)
    return (
      <div role="alert" className="ed-field-error">
        {lists.error || forms.error}{' '}
        <button
          type="button"
          onClick={() => {
            void lists.reload();
            void forms.reload();
          }}
        >
          Retry
        </button>
      </div>
    );
  if (!lists.data || !forms.data) return <p className="ed-hint">Loading mailing lists…</p>;
  const all = lists.data.mailingLists;
  const selected = newsletterListOf(props.block.content, forms.data.forms);
  const problem = newsletterProblem(all, selected);
  const formId = selected ? newsletterFormFor(selected, forms.data.forms) : undefined;
  if (all.length === 0)
    return (
      <p className="ed-field-error" role="alert">
        {NEWSLETTER_MESSAGES.noLists}
      </p>
    );
  return (
    <>
      <label>
        Mailing list
        <select
          value={all.some((l) => l.id === selected) ? selected : ''}
          aria-invalid={problem ? true : undefined}
          onChange={(e) => {
            const list = e.target.value;
            setMany([
              ['content', 'mailingListId', list],
              ['content', 'formId', list ? (newsletterFormFor(list, forms.data?.forms ?? []) ?? '') : ''],
            ]);
          }}
        >
          <option value="">Choose a list…</option>
          {all.map((list) => (
            <option key={list.id} value={list.id}>
              {list.name} ({list.subscriberCount} {list.subscriberCount === 1 ? 'subscriber' : 'subscribers'})
            </option>
          ))}
        </select>
      </label>
      {problem && (
        <p className="ed-field-error" role="alert">
          {problem}
        </p>
      )}
      {!problem && !formId && <p className="ed-hint">{NEWSLETTER_MESSAGES.noForm}</p>}
      {!problem && formId && (
        <p className="ed-hint">
          Visitors sign up with the form “{forms.data.forms.find((f) => f.id === formId)?.name ?? formId}”.
        </p>
      )}
    </>
  );
}
