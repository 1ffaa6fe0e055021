import { currencyDigits, ProductType, tryToMinorUnits, type WeightUnit, weightToGrams } from '@tessera/core';
import { slugify } from '../catalogue/index.js';
import { csvRecords, readCsv } from './csv-read.js';

// Product CSV files from Shopify and Squarespace (issue 19), turned into product drafts: the
// shape the editor's product writes take (domains/catalogue/product-input.ts checks them, so one set of
// rules holds for both). Which columns are read is documented in docs/import.md.

export type ProductCsvFormat = 'shopify' | 'squarespace';

export interface DraftVariant {
  sku?: string;
  attributes: Record<string, string>;
  price: number;
  salePrice: number;
  onSale: boolean;
  unlimited: boolean;
  qtyInStock: number;
  weight?: number;
  /** The address of its picture (Shopify's `Variant Image`), fetched with the product's. */
  image?: string;
}

/** A picture the file names for a product, in the product's order. */
export interface DraftImage {
  /** The file line naming it. */
  line: number;
  url: string;
  altText: string;
}

/** One product of the file, before the product rules are checked. */
export interface ProductDraft {
  /** File lines of its rows; the first is where it starts. */
  lines: number[];
  title: string;
  urlId: string;
  body: string;
  status: 'published' | 'draft';
  productType: number;
  options: string[];
  variants: DraftVariant[];
  tags: string[];
  categories: string[];
  /** The product's pictures by address, in position order, each address once (product-images.ts fetches them). */
  images: DraftImage[];
}

export interface RowProblem {
  line: number;
  reason: string;
}

export interface ParsedProductCsv {
  format: ProductCsvFormat;
  drafts: ProductDraft[];
  /** Products the file describes badly: the line of the first bad row and why. */
  rejected: RowProblem[];
}

export class ProductCsvError extends Error {}

class RowError extends Error {}

/**
 * Whole currency units with at most the currency's own decimals ("12", "12.5", "1,299.00" in USD;
 * "1500" in JPY) → minor units of the site's currency.
 */
function amount(text: string, column: string, currency: string): number | undefined {
  const value = text.replace(/^[$€£¥]/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  if (value === '') return undefined;
  const digits = currencyDigits(currency);
  const shape = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{1,9}(\\.\\d{1,${digits}})?$`);
  const minor = shape.test(value) ? tryToMinorUnits(value, currency) : undefined;
  if (minor === undefined) {
    const example = digits === 0 ? '1250' : '12.50';
    throw new RowError(`${column} "${text}" is not an amount in ${currency} such as ${example}.`);
  }
  return minor;
}

function count(text: string, column: string): number {
  if (!/^\d{1,7}$/.test(text)) throw new RowError(`${column} "${text}" is not a whole number.`);
  return Number(text);
}

export const WEIGHT_UNIT_NAMES: Record<WeightUnit, string> = {
  kg: 'kilograms',
  g: 'grams',
  lb: 'pounds',
  oz: 'ounces',
};

/** A weight in `unit` ("250", "1.5") as whole grams; Shopify's Variant Grams are grams already. */
function weightInGrams(text: string, column: string, unit: WeightUnit): number {
  if (!/^\d{1,7}(\.\d{1,6})?$/.test(text))
    throw new RowError(`${column} "${text}" is not a weight in ${WEIGHT_UNIT_NAMES[unit]}.`);
  const grams = weightToGrams(Number(text), unit);
  if (grams > 1_000_000) throw new RowError(`${column} "${text}" is more than 1,000 kg.`);
  return grams;
}

const list = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const yes = (text: string) => /^(yes|true|1)$/i.test(text);

type Record_ = { line: number; get: (column: string) => string };

/** Which export a header comes from, by columns only that export has. */
export function detectProductCsvFormat(columns: readonly string[]): ProductCsvFormat | undefined {
  const has = (name: string) => columns.includes(name);
  if (has('Handle') && (has('Variant Price') || has('Variant SKU'))) return 'shopify';
  if (has('Product ID [Non Editable]') || (has('Title') && has('Option Name 1') && has('Stock'))) return 'squarespace';
  return undefined;
}

function shopifyVariant(record: Record_, options: string[], currency: string): DraftVariant {
  const attributes: Record<string, string> = {};
  options.forEach((name, i) => {
    attributes[name] = record.get(`Option${i + 1} Value`);
  });
  const price = amount(record.get('Variant Price'), 'Variant Price', currency);
  if (price === undefined) throw new RowError('Variant Price is empty.');
  const compareAt = amount(record.get('Variant Compare At Price'), 'Variant Compare At Price', currency);
  const onSale = compareAt !== undefined && compareAt > price;
  const tracked = record.get('Variant Inventory Tracker') !== '';
  const grams = record.get('Variant Grams');
  return {
    sku: record.get('Variant SKU') || undefined,
    attributes,
    price: onSale ? compareAt : price,
    salePrice: onSale ? price : 0,
    onSale,
    unlimited: !tracked,
    qtyInStock: tracked ? count(record.get('Variant Inventory Qty') || '0', 'Variant Inventory Qty') : 0,
    weight: grams ? weightInGrams(grams, 'Variant Grams', 'g') : undefined,
    image: record.get('Variant Image') || undefined,
  };
}

/**
 * Shopify's picture rows: `Image Src` with `Image Alt Text`, ordered by `Image Position` (rows
 * without one after those with, in file order), then variant pictures not listed as product ones.
 */
function shopifyImages(rows: Record_[]): DraftImage[] {
  const listed = rows
    .filter((row) => row.get('Image Src'))
    .map((row, order) => {
      const position = Number.parseInt(row.get('Image Position'), 10);
      const image = { line: row.line, url: row.get('Image Src'), altText: row.get('Image Alt Text') };
      return { image, key: Number.isFinite(position) && position > 0 ? position : Number.MAX_SAFE_INTEGER, order };
    })
    .sort((a, b) => a.key - b.key || a.order - b.order)
    .map((entry) => entry.image);
  const variantRows = rows.filter((row) => row.get('Variant Image'));
  const extra = variantRows.map((row) => ({ line: row.line, url: row.get('Variant Image'), altText: '' }));
  return onceEach([...listed, ...extra]);
}

/** Each address once (its first mention wins). */
function onceEach(images: DraftImage[]): DraftImage[] {
  const seen = new Set<string>();
  return images.filter((image) => !seen.has(image.url) && seen.add(image.url));
}

function shopifyDrafts(records: Record_[], currency: string): ParsedProductCsv {
  const groups = new Map<string, Record_[]>();
  const rejected: RowProblem[] = [];
  for (const record of records) {
    const handle = record.get('Handle');
    if (!handle) rejected.push({ line: record.line, reason: 'Handle is empty.' });
    else groups.set(handle, [...(groups.get(handle) ?? []), record]);
  }
  const drafts: ProductDraft[] = [];
  for (const [handle, rows] of groups) {
    const first = rows[0] as Record_;
    let at = first.line;
    try {
      if (yes(first.get('Gift Card'))) throw new RowError('Gift cards are not imported; create them in the editor.');
      const named = [1, 2, 3].map((n) => first.get(`Option${n} Name`)).filter(Boolean);
      // Shopify writes a product without options as option "Title" with value "Default Title".
      const options = named.length === 1 && first.get('Option1 Value') === 'Default Title' ? [] : named;
      const variants: DraftVariant[] = [];
      for (const row of rows) {
        at = row.line;
        const isVariant = ['Option1 Value', 'Variant SKU', 'Variant Price'].some((c) => row.get(c) !== '');
        if (isVariant) variants.push(shopifyVariant(row, options, currency));
      }
      at = first.line;
      if (variants.length === 0) throw new RowError('The product has no variant row (Variant Price).');
      const status = first.get('Status').toLowerCase();
      const hidden = (status !== '' && status !== 'active') || /^false$/i.test(first.get('Published'));
      drafts.push({
        lines: rows.map((r) => r.line),
        title: first.get('Title'),
        urlId: slugify(handle),
        body: first.get('Body (HTML)'),
        status: hidden ? 'draft' : 'published',
        productType:
          yes(first.get('Variant Requires Shipping')) || !first.get('Variant Requires Shipping')
            ? ProductType.PHYSICAL
            : ProductType.DIGITAL,
        options,
        variants,
        tags: list(first.get('Tags')),
        categories: list(first.get('Type')),
        images: shopifyImages(rows),
      });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rejected.push({ line: at, reason: error.message });
    }
  }
  return { format: 'shopify', drafts, rejected };
}

const SQUARESPACE_TYPES: Record<string, number> = {
  PHYSICAL: ProductType.PHYSICAL,
  DIGITAL: ProductType.DIGITAL,
  SERVICE: ProductType.SERVICE,
};

function squarespaceVariant(record: Record_, options: string[], units: Units): DraftVariant {
  const { currency } = units;
  const attributes: Record<string, string> = {};
  options.forEach((name, i) => {
    attributes[name] = record.get(`Option Value ${i + 1}`);
  });
  const price = amount(record.get('Price'), 'Price', currency);
  if (price === undefined) throw new RowError('Price is empty.');
  const sale = amount(record.get('Sale Price'), 'Sale Price', currency) ?? 0;
  const stock = record.get('Stock');
  const unlimited = stock === '' || /^unlimited$/i.test(stock);
  const weight = record.get('Weight');
  return {
    sku: record.get('SKU') || undefined,
    attributes,
    price,
    salePrice: sale,
    onSale: yes(record.get('On Sale')),
    unlimited,
    qtyInStock: unlimited ? 0 : count(stock, 'Stock'),
    // Squarespace writes weights in its site's unit, without naming it: read in this store's.
    weight: weight ? weightInGrams(weight, 'Weight', units.weightUnit) : undefined,
  };
}

function squarespaceDrafts(records: Record_[], units: Units): ParsedProductCsv {
  const groups: Record_[][] = [];
  const rejected: RowProblem[] = [];
  for (const record of records) {
    const last = groups.at(-1);
    const id = record.get('Product ID [Non Editable]');
    if (record.get('Title')) groups.push([record]);
    else if (last && (!id || id === last[0]?.get('Product ID [Non Editable]'))) last.push(record);
    else rejected.push({ line: record.line, reason: 'A variant row (no Title) that follows no product row.' });
  }
  const drafts: ProductDraft[] = [];
  for (const rows of groups) {
    const first = rows[0] as Record_;
    let at = first.line;
    try {
      const kind = first.get('Product Type [Non Editable]').toUpperCase() || 'PHYSICAL';
      const productType = SQUARESPACE_TYPES[kind];
      if (productType === undefined)
        throw new RowError(`Product type ${kind} is not imported; create it in the editor.`);
      const options = [1, 2, 3, 4, 5, 6].map((n) => first.get(`Option Name ${n}`)).filter(Boolean);
      const variants = rows.map((row) => {
        at = row.line;
        return squarespaceVariant(row, options, units);
      });
      at = first.line;
      drafts.push({
        lines: rows.map((r) => r.line),
        title: first.get('Title'),
        urlId: slugify(first.get('Product URL') || first.get('Title')),
        body: first.get('Description'),
        status: /^no$/i.test(first.get('Visible')) ? 'draft' : 'published',
        productType,
        options,
        variants,
        tags: list(first.get('Tags')),
        categories: list(first.get('Categories')),
        images: onceEach(
          first
            .get('Hosted Image URLs')
            .split(/\s+/)
            .filter(Boolean)
            .map((url) => ({ line: first.line, url, altText: '' })),
        ),
      });
    } catch (error) {
      if (!(error instanceof RowError)) throw error;
      rejected.push({ line: at, reason: error.message });
    }
  }
  return { format: 'squarespace', drafts, rejected };
}

/** How the importing site reads amounts and unmarked weights. */
export interface Units {
  currency: string;
  /** The store's weight unit (store settings): Squarespace's Weight column is read in it. */
  weightUnit: WeightUnit;
}

/**
 * Reads a Shopify or Squarespace product CSV (detected from its header) into drafts and bad rows;
 * amounts are read in the importing site's currency, Squarespace weights in its weight unit.
 */
export function parseProductCsv(text: string, units: Units = { currency: 'USD', weightUnit: 'kg' }): ParsedProductCsv {
  const { currency } = units;
  const { columns, records } = csvRecords(readCsv(text));
  const format = detectProductCsvFormat(columns);
  if (!format) {
    throw new ProductCsvError(
      'This is not a Shopify or Squarespace product CSV: the header needs Handle and Variant Price (Shopify), or Title, Option Name 1 and Stock (Squarespace).',
    );
  }
  return format === 'shopify' ? shopifyDrafts(records, currency) : squarespaceDrafts(records, units);
}
