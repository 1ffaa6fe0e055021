import { addButtonLabel, canBeSubscription, describeSubscriptionPlan, ProductType } from '@tessera/core';
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api } from '../../api.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { SeoFields } from '../shared/SeoFields.js';
import { errorProps, FieldError, type FieldErrors } from './field-error.js';
import { ImagesField } from './ImagesField.js';
import type { FormListAnswer } from '@tessera/core/contracts/owner-forms';
import type { OwnerProduct, ProductListing } from '@tessera/core/contracts/products';
import { OptionsEditor } from './OptionsEditor.js';
import {
  draftFromProduct,
  draftToInput,
  emptyDraft,
  fieldErrorsOf,
  withImages,
  hasOptions,
  PRODUCT_TYPES,
  type ProductDraft,
} from './product-draft.js';
import { VariantsTable } from './VariantsTable.js';

interface EditorProps {
  productId: string | undefined;
  listing: ProductListing | undefined;
  listingError: string;
  /** A status to announce on arrival (the save that created the product). */
  initialStatus: string;
  onSaved: (product: OwnerProduct, created: boolean) => Promise<void>;
  onDeleted: () => Promise<void>;
  onClose: () => void;
}

const CHECK_FIELDS = 'Some fields need attention; each says what to change.';

/** One product's form: every field of every product type, saved in one request. */
export function ProductEditor({
  productId,
  listing,
  listingError,
  initialStatus,
  onSaved,
  onDeleted,
  onClose,
}: EditorProps) {
  const stored = useResource<OwnerProduct>(
    productId ? `/api/config/products/${encodeURIComponent(productId)}` : undefined,
  );
  const forms = useResource<FormListAnswer>('/api/config/forms');
  const currency = listing?.currency ?? 'USD';
  const [draft, setDraft] = useState<ProductDraft | undefined>(productId ? undefined : emptyDraft());
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState('');
  const [status, setStatus] = useState(initialStatus);
  const [saving, setSaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  useEffect(() => {
    // Once: later listing reloads must not undo the owner's edits.
    if (stored.data && listing) setDraft((d) => d ?? draftFromProduct(stored.data as OwnerProduct, listing.currency));
  }, [stored.data, listing]);

  const update = (patch: Partial<ProductDraft>) => setDraft((d) => (d ? { ...d, ...patch } : d));

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || saving) return;
    const checked = draftToInput(draft, currency);
    if (!checked.ok) {
      setErrors(checked.errors);
      setError(CHECK_FIELDS);
      return;
    }
    const body = { ...checked.body, ...(productId ? {} : { collectionId: listing?.collection.id }) };
    setSaving(true);
    try {
      const saved = productId
        ? await api<OwnerProduct>('PUT', `/api/config/products/${encodeURIComponent(productId)}`, body)
        : await api<OwnerProduct>('POST', '/api/config/products', body);
      setErrors({});
      setError('');
      setStatus(`Saved ${saved.title}.`);
      setDraft(draftFromProduct(saved, currency));
      await onSaved(saved, !productId);
    } catch (e) {
      const failure = e instanceof ApiError ? e : new ApiError(0, String(e));
      const fields = fieldErrorsOf(failure.body, failure.message);
      setErrors(fields);
      // Each message with a field is shown beside it too; the alert keeps the server's whole sentence,
      // so a field the form does not show is still named.
      setError(failure.message);
    } finally {
      setSaving(false);
    }
  }

  async function remove() {
    if (!productId) return;
    try {
      await api('DELETE', `/api/config/products/${encodeURIComponent(productId)}`);
      await onDeleted();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  const title = productId ? (stored.data?.title ?? 'Product') : 'New product';
  if (!draft) {
    return (
      <Panel title={title} error={stored.error || listingError}>
        <p className="ed-empty">Loading…</p>
      </Panel>
    );
  }
  const subscribable = canBeSubscription(draft.productType);
  const buttonPreview = addButtonLabel({
    structuredContent: {
      productType: draft.productType,
      isSubscribable: draft.isSubscribable,
      useCustomAddButtonText: draft.useCustomAddButtonText,
      customAddButtonText: draft.customAddButtonText,
    },
  });
  const plan = draft.isSubscribable
    ? describeSubscriptionPlan({
        billingPeriod: { value: Number(draft.billingValue) || 1, unit: draft.billingUnit },
        numBillingCycles: Number(draft.numBillingCycles) || 0,
      })
    : undefined;

  return (
    <Panel
      title={title}
      error={error || stored.error || listingError}
      onDismissError={error ? () => setError('') : undefined}
      status={status}
      actions={
        <>
          {stored.data && (
            <a href={stored.data.fullUrl} target="_blank" rel="noreferrer">
              View in shop
            </a>
          )}
          <button type="button" onClick={onClose}>
            Back to products
          </button>
        </>
      }
    >
      <form className="ed-product" onSubmit={save} noValidate>
        <fieldset>
          <legend>Product</legend>
          <label>
            Product type
            <select
              value={draft.productType}
              disabled={!!productId}
              onChange={(e) => update({ productType: Number(e.target.value) })}
            >
              {PRODUCT_TYPES.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.label}
                </option>
              ))}
              {!PRODUCT_TYPES.some((t) => t.code === draft.productType) && (
                <option value={draft.productType}>Other</option>
              )}
            </select>
          </label>
          <label>
            Title
            <input
              value={draft.title}
              onChange={(e) => update({ title: e.target.value })}
              {...errorProps(errors, 'title')}
            />
            <FieldError errors={errors} path="title" />
          </label>
          <label>
            URL slug
            <input
              value={draft.urlId}
              placeholder="made from the title"
              onChange={(e) => update({ urlId: e.target.value })}
              {...errorProps(errors, 'urlId')}
            />
            <FieldError errors={errors} path="urlId" />
          </label>
          {stored.data && draft.urlId.trim() && draft.urlId.trim() !== stored.data.urlId && (
            <label className="ed-check">
              <input
                type="checkbox"
                checked={draft.redirectOldUrl}
                onChange={(e) => update({ redirectOldUrl: e.target.checked })}
              />
              Send visitors of the old address ({stored.data.fullUrl}) here
            </label>
          )}
          <label>
            Status
            <select value={draft.status} onChange={(e) => update({ status: e.target.value })}>
              <option value="draft">Draft</option>
              <option value="published">Published</option>
              {!['draft', 'published'].includes(draft.status) && <option value={draft.status}>{draft.status}</option>}
            </select>
          </label>
          <label>
            Short description
            <textarea rows={2} value={draft.excerpt} onChange={(e) => update({ excerpt: e.target.value })} />
            <FieldError errors={errors} path="excerpt" />
          </label>
          <label>
            Description
            <textarea rows={5} value={draft.body} onChange={(e) => update({ body: e.target.value })} />
            <FieldError errors={errors} path="body" />
          </label>
        </fieldset>

        <ImagesField
          images={draft.images}
          errors={errors}
          onChange={(images) => setDraft((d) => (d ? withImages(d, images) : d))}
        />

        {hasOptions(draft.productType) && (
          <OptionsEditor
            draft={draft}
            errors={errors}
            onChange={(options, variants) => update({ options, variants })}
          />
        )}

        {draft.productType === ProductType.GIFT_CARD ? (
          <fieldset>
            <legend>Gift card amounts</legend>
            <label>
              Amounts in {currency}, separated by commas
              <input
                value={draft.denominations}
                placeholder="25.00, 50.00, 100.00"
                onChange={(e) => update({ denominations: e.target.value })}
                {...errorProps(errors, 'denominations')}
              />
              <FieldError errors={errors} path="denominations" />
            </label>
          </fieldset>
        ) : (
          <VariantsTable
            draft={draft}
            currency={currency}
            errors={errors}
            onChange={(variants) => update({ variants })}
          />
        )}

        {subscribable && (
          <fieldset>
            <legend>Subscription</legend>
            <label className="ed-check">
              <input
                type="checkbox"
                checked={draft.isSubscribable}
                onChange={(e) => update({ isSubscribable: e.target.checked })}
              />
              Sell as a subscription
            </label>
            <FieldError errors={errors} path="isSubscribable" />
            {draft.isSubscribable && (
              <div className="ed-product__row">
                <label>
                  Bill every
                  <input
                    inputMode="numeric"
                    value={draft.billingValue}
                    onChange={(e) => update({ billingValue: e.target.value })}
                    {...errorProps(errors, 'subscriptionPlan.billingPeriod.value')}
                  />
                  <FieldError errors={errors} path="subscriptionPlan.billingPeriod.value" />
                </label>
                <label>
                  Billing period
                  <select
                    value={draft.billingUnit}
                    onChange={(e) => update({ billingUnit: e.target.value as ProductDraft['billingUnit'] })}
                  >
                    <option value="WEEK">Weeks</option>
                    <option value="MONTH">Months</option>
                    <option value="YEAR">Years</option>
                  </select>
                </label>
                <label>
                  Number of payments (0 renews until cancelled)
                  <input
                    inputMode="numeric"
                    value={draft.numBillingCycles}
                    onChange={(e) => update({ numBillingCycles: e.target.value })}
                    {...errorProps(errors, 'subscriptionPlan.numBillingCycles')}
                  />
                  <FieldError errors={errors} path="subscriptionPlan.numBillingCycles" />
                </label>
              </div>
            )}
            <FieldError errors={errors} path="subscriptionPlan" />
            {plan && <p className="ed-product__hint">Plan: {plan}</p>}
          </fieldset>
        )}

        <fieldset>
          <legend>Checkout</legend>
          <label>
            Additional fields form
            <select
              value={draft.additionalFieldsFormId}
              onChange={(e) => update({ additionalFieldsFormId: e.target.value })}
              {...errorProps(errors, 'additionalFieldsFormId')}
            >
              <option value="">None</option>
              {(forms.data?.forms ?? []).map((form) => (
                <option key={form.id} value={form.id}>
                  {form.name}
                </option>
              ))}
              {draft.additionalFieldsFormId &&
                forms.data &&
                !forms.data.forms.some((f) => f.id === draft.additionalFieldsFormId) && (
                  <option value={draft.additionalFieldsFormId}>A form that no longer exists</option>
                )}
            </select>
            <FieldError errors={errors} path="additionalFieldsFormId" />
            {forms.error && <span className="ed-field-error">Forms could not be listed: {forms.error}</span>}
          </label>
          <label className="ed-check">
            <input
              type="checkbox"
              checked={draft.useCustomAddButtonText}
              onChange={(e) => update({ useCustomAddButtonText: e.target.checked })}
            />
            Use custom button text
          </label>
          {draft.useCustomAddButtonText && (
            <label>
              Button text
              <input
                value={draft.customAddButtonText}
                maxLength={50}
                onChange={(e) => update({ customAddButtonText: e.target.value })}
                {...errorProps(errors, 'customAddButtonText')}
              />
              <FieldError errors={errors} path="customAddButtonText" />
            </label>
          )}
          <p className="ed-product__hint">The button reads “{buttonPreview}”.</p>
        </fieldset>

        <SeoFields seo={draft.seo} errors={errors} onChange={(seo) => update({ seo })} />

        <div className="ed-product__save">
          <button type="submit" className="ed-primary" disabled={saving}>
            {saving ? 'Saving…' : productId ? 'Save product' : 'Create product'}
          </button>
          {productId &&
            (confirmDelete ? (
              <>
                <button type="button" className="ed-danger" onClick={() => void remove()}>
                  Delete {draft.title || 'this product'}
                </button>
                <button type="button" onClick={() => setConfirmDelete(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirmDelete(true)}>
                Delete product
              </button>
            ))}
        </div>
      </form>
    </Panel>
  );
}
