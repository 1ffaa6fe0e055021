import { useState } from 'react';
import { api } from '../../api.js';
import { useEditableList } from '../shared/editable-list.js';
import { type FieldErrors, fieldErrorsOf } from './field-errors.js';
import type { CheckoutSettings } from '@tessera/core/contracts/checkout-settings';

/**
 * Saving one list of the checkout settings (`PUT /api/config/checkout/<kind>`): the server's field
 * messages, a panel-level error and a status line, and the settings it answers.
 */
export function useListSave(onSaved: (settings: CheckoutSettings) => void) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);

  async function save(kind: string, body: unknown, done: string, localErrors: FieldErrors = {}) {
    setStatus('');
    if (Object.keys(localErrors).length) {
      setErrors(localErrors);
      setError('Please fix the fields marked below.');
      return;
    }
    setSaving(true);
    try {
      const saved = await api<CheckoutSettings>('PUT', `/api/config/checkout/${kind}`, body);
      setErrors({});
      setError('');
      setStatus(done);
      onSaved(saved);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      setErrors(fields);
      setError(Object.keys(fields).length ? 'Please fix the fields marked below.' : (e as Error).message);
    } finally {
      setSaving(false);
    }
  }
  return { errors, error, status, saving, save, clearError: () => setError('') };
}

/** One checkout list edited in place (`draftsOf` turns the stored settings into rows) and its save. */
export function useCheckoutList<R extends object>(
  draftsOf: (settings: CheckoutSettings) => R[],
  props: { settings: CheckoutSettings; onSaved: (settings: CheckoutSettings) => void },
) {
  const list = useEditableList(() => draftsOf(props.settings));
  const saver = useListSave((saved) => {
    list.reset(draftsOf(saved));
    props.onSaved(saved);
  });
  return { list, saver };
}
