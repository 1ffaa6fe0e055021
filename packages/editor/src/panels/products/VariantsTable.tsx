import { currencyDigits, ProductType, tracksStock } from '@tessera/core';
import { useState } from 'react';
import { errorProps, FieldError, type FieldErrors } from './field-error.js';
import { type ProductDraft, type VariantDraft, variantImageChoices } from './product-draft.js';

/** "S / Red", or "Default" for a product without options. */
export function variantName(variant: VariantDraft, optionNames: readonly string[]): string {
  const values = optionNames.map((name) => variant.attributes[name]).filter(Boolean);
  return values.length > 0 ? values.join(' / ') : 'Default';
}

/**
 * Price, sale price, SKU, stock (or unlimited), weight and own image (one of the product's images,
 * shown when a shopper picks the variant) of every variant; money in the store currency.
 */
export function VariantsTable({
  draft,
  currency,
  errors,
  onChange,
}: {
  draft: ProductDraft;
  currency: string;
  errors: FieldErrors;
  onChange: (variants: VariantDraft[]) => void;
}) {
  const [bulkPrice, setBulkPrice] = useState('');
  const [bulkStock, setBulkStock] = useState('');
  const stock = tracksStock({ structuredContent: { productType: draft.productType } });
  const physical = draft.productType === ProductType.PHYSICAL;
  const names = draft.options.map((o) => o.name);
  const single = draft.variants.length === 1;
  const placeholder = currencyDigits(currency) === 0 ? '1250' : '12.50';
  const imageChoices = variantImageChoices(draft.images);
  const pictures = imageChoices.length > 0 || draft.variants.some((v) => v.imageUrl);
  const set = (index: number, patch: Partial<VariantDraft>) =>
    onChange(draft.variants.map((v, i) => (i === index ? { ...v, ...patch } : v)));

  return (
    <fieldset>
      <legend>{single ? 'Price and stock' : `Variants (${draft.variants.length})`}</legend>
      {!single && (
        <div className="ed-product__row">
          <label>
            Price for every variant ({currency})
            <input inputMode="decimal" value={bulkPrice} onChange={(e) => setBulkPrice(e.target.value)} />
          </label>
          <button
            type="button"
            disabled={!bulkPrice.trim()}
            onClick={() => onChange(draft.variants.map((v) => ({ ...v, price: bulkPrice.trim() })))}
          >
            Apply price
          </button>
          {stock && (
            <>
              <label>
                Stock for every variant
                <input inputMode="numeric" value={bulkStock} onChange={(e) => setBulkStock(e.target.value)} />
              </label>
              <button
                type="button"
                disabled={!bulkStock.trim()}
                onClick={() =>
                  onChange(draft.variants.map((v) => ({ ...v, qtyInStock: bulkStock.trim(), unlimited: false })))
                }
              >
                Apply stock
              </button>
            </>
          )}
        </div>
      )}
      <FieldError errors={errors} path="variants" />
      <div className="ed-product__scroll">
        <table className="ed-table ed-variants">
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price ({currency})</th>
              <th scope="col">On sale</th>
              <th scope="col">Sale price</th>
              <th scope="col">SKU</th>
              {stock && <th scope="col">Stock</th>}
              {physical && <th scope="col">Weight (g)</th>}
              {pictures && <th scope="col">Image</th>}
            </tr>
          </thead>
          <tbody>
            {draft.variants.map((variant, index) => {
              const name = variantName(variant, names);
              const path = `variants.${index}`;
              return (
                <tr key={variant.id ?? JSON.stringify(variant.attributes)}>
                  <th scope="row">
                    {name}
                    <FieldError errors={errors} path={path} />
                    <FieldError errors={errors} path={`${path}.attributes`} />
                  </th>
                  <td>
                    <input
                      aria-label={`Price of ${name}`}
                      inputMode="decimal"
                      placeholder={placeholder}
                      value={variant.price}
                      onChange={(e) => set(index, { price: e.target.value })}
                      {...errorProps(errors, `${path}.price`)}
                    />
                    <FieldError errors={errors} path={`${path}.price`} />
                  </td>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`${name} is on sale`}
                      checked={variant.onSale}
                      onChange={(e) => set(index, { onSale: e.target.checked })}
                    />
                  </td>
                  <td>
                    <input
                      aria-label={`Sale price of ${name}`}
                      inputMode="decimal"
                      disabled={!variant.onSale}
                      value={variant.salePrice}
                      onChange={(e) => set(index, { salePrice: e.target.value })}
                      {...errorProps(errors, `${path}.salePrice`)}
                    />
                    <FieldError errors={errors} path={`${path}.salePrice`} />
                  </td>
                  <td>
                    <input
                      aria-label={`SKU of ${name}`}
                      placeholder="made for you"
                      value={variant.sku}
                      onChange={(e) => set(index, { sku: e.target.value })}
                      {...errorProps(errors, `${path}.sku`)}
                    />
                    <FieldError errors={errors} path={`${path}.sku`} />
                  </td>
                  {stock && (
                    <td>
                      <div className="ed-variants__stock">
                        <input
                          aria-label={`Stock of ${name}`}
                          inputMode="numeric"
                          disabled={variant.unlimited}
                          value={variant.unlimited ? '' : variant.qtyInStock}
                          onChange={(e) => set(index, { qtyInStock: e.target.value })}
                          {...errorProps(errors, `${path}.qtyInStock`)}
                        />
                        <label className="ed-check">
                          <input
                            type="checkbox"
                            checked={variant.unlimited}
                            onChange={(e) => set(index, { unlimited: e.target.checked })}
                          />
                          <span>
                            Unlimited<span className="ed-sr"> stock of {name}</span>
                          </span>
                        </label>
                      </div>
                      <FieldError errors={errors} path={`${path}.qtyInStock`} />
                    </td>
                  )}
                  {physical && (
                    <td>
                      <input
                        aria-label={`Weight of ${name} in grams`}
                        inputMode="numeric"
                        value={variant.weight}
                        onChange={(e) => set(index, { weight: e.target.value })}
                        {...errorProps(errors, `${path}.weight`)}
                      />
                      <FieldError errors={errors} path={`${path}.weight`} />
                    </td>
                  )}
                  {pictures && (
                    <td>
                      <div className="ed-variants__image">
                        {variant.imageUrl ? (
                          <img src={variant.imageUrl} alt="" width={32} height={32} />
                        ) : (
                          <span className="ed-variants__no-image" aria-hidden="true" />
                        )}
                        <select
                          aria-label={`Image of ${name}`}
                          value={variant.imageUrl}
                          onChange={(e) => set(index, { imageUrl: e.target.value })}
                          {...errorProps(errors, `${path}.imageUrl`)}
                        >
                          <option value="">The product’s images</option>
                          {variant.imageUrl && !imageChoices.some((c) => c.url === variant.imageUrl) && (
                            <option value={variant.imageUrl}>{decodeURIComponent(variant.imageUrl.slice(7))}</option>
                          )}
                          {imageChoices.map((choice) => (
                            <option key={choice.url} value={choice.url}>
                              {choice.label}
                            </option>
                          ))}
                        </select>
                      </div>
                      <FieldError errors={errors} path={`${path}.imageUrl`} />
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </fieldset>
  );
}
