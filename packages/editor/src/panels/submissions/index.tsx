import type { PanelProps } from '../registry.js';
import { FormList } from './FormList.js';
import { FormSubmissions } from './FormSubmissions.js';
import { formIdOf } from './values.js';
import './submissions.css';

/** Insights › Form submissions: the site's forms, then one form's submissions with a CSV export. */
export default function SubmissionsPanel({ path, navigate }: PanelProps) {
  const formId = formIdOf(path);
  return formId ? (
    <FormSubmissions key={formId} formId={formId} navigate={navigate} />
  ) : (
    <FormList navigate={navigate} />
  );
}
