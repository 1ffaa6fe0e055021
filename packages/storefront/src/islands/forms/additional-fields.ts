import type { AdditionalFieldsFormAnswer } from '@tessera/core/contracts/forms';
import { requestJson } from '../../api.js';
import type { AdditionalFieldsForm } from './additional-fields-lightbox.js';

function isForm(value: unknown): value is AdditionalFieldsForm {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as AdditionalFieldsForm).id === 'string' &&
    Array.isArray((value as AdditionalFieldsForm).fields)
  );
}

/** The additional-fields form of a product, asked of the server (GET /api/rest/forms/additional-fields). */
export async function additionalFieldsFormOf(itemId: string): Promise<AdditionalFieldsForm | null> {
  const result = await requestJson<AdditionalFieldsFormAnswer>(
    'GET',
    `/api/rest/forms/additional-fields?itemId=${encodeURIComponent(itemId)}`,
  );
  return result.ok && isForm(result.data?.form) ? result.data.form : null;
}
