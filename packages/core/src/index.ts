// @tessera/core — domain rules shared by the server, the templates and the browser.
// Every public name is listed here on purpose; nothing is re-exported wholesale.

export {
  CART_MESSAGES,
  PRODUCT_LABELS,
  QUANTITY,
  BUTTON_TIMINGS,
  addFailureTitle,
  cartRequestFailureMessage,
} from './cart/messages.js';
export { CART_FORM_PATH } from './cart/cart-form-path.js';
export { type CartPillView, cartPillCount, cartPillLabel, cartPillView } from './cart/cart-pill.js';
export { checkStock, type CheckStockResult } from './cart/check-stock.js';
export { missingOptionsMessage } from './cart/missing-options.js';
export { parseQuantity, type ParseQuantityResult } from './cart/parse-quantity.js';
export { summarizeCart, type CartEntryTotalsInput, type CartSummary } from './cart/summarize-cart.js';
export {
  validateAddToCart,
  isQuantityInRange,
  type AddToCartErrorCode,
  type AddToCartRequest,
  type AddToCartResult,
} from './cart/validate-add-to-cart.js';

export { BackgroundSource } from './enums/background-source.js';
export { BlockType, BLOCK_TYPE_NAMES } from './enums/block-type.js';
export { CollectionType } from './enums/collection-type.js';
export { FolderBehavior, isFolderClickable } from './enums/folder-behavior.js';
export { PageType } from './enums/page-type.js';
export { ProductType, toProductType } from './enums/product-type.js';
export { RecordType } from './enums/record-type.js';
export { WebsiteRole } from './enums/website-role.js';
export {
  isWebsiteRole,
  ROLE_GROUP_NAMES,
  ROLE_GROUPS,
  type RoleGroup,
  rolesAllow,
} from './owners/role-groups.js';
export {
  PASSWORD_STRENGTH_MIN_LENGTH,
  type PasswordStrength,
  type PasswordStrengthResult,
  passwordStrength,
} from './owners/password-strength.js';

export {
  CURRENCIES,
  DEFAULT_CURRENCY,
  currencyDigits,
  isSupportedCurrency,
  type CurrencyCode,
} from './money/currency.js';
export { formatMoney, type FormatMoneyOptions } from './money/format-money.js';
export {
  toMinorUnits,
  tryToMinorUnits,
  fromMinorUnits,
  moneyFromCents,
  moneyText,
  centsFromMoney,
  currencyOfMoney,
  type Money,
  type DecimalMoney,
  type MoneyLike,
} from './money/minor-units.js';
export { divideRounded, ROUNDING_MODES, type RoundingMode } from './money/rounding.js';

export {
  effectivePrice,
  hasVariedPrices,
  isOnSale,
  priceLines,
  priceRange,
  variantPrice,
  variantSalePrice,
} from './product/price.js';
export { addButtonLabel, hasAdditionalFields, type AddButtonInput } from './product/add-button-label.js';
export { productBadge, type ProductBadge } from './product/badge.js';
export { isQuantityInputVisible } from './product/quantity-input.js';
export { isSoldOut, isVariantInStock, tracksStock, tracksStockOfType } from './product/sold-out.js';
export { canBeSubscription, isSubscribable } from './product/subscribable.js';
export {
  DEFAULT_STORE_SETTINGS,
  productTypeOf,
  variantsOf,
  type BillingPeriod,
  type BillingPeriodUnit,
  type MoneyInput,
  type PricingOption,
  type PricingOptionInput,
  type ProductInput,
  type ProductItem,
  type ProductStructuredContent,
  type StoreSettings,
  type SubscriptionPlan,
  type Variant,
  type VariantInput,
} from './product/types.js';
export { findVariant, findVariantBySku, variantOptions, type VariantOption } from './product/variant-options.js';
export {
  DEFAULT_WEIGHT_UNIT,
  WEIGHT_UNITS,
  type WeightUnit,
  weightFromGrams,
  weightToGrams,
  weightUnitOf,
} from './product/weight.js';

export {
  INSTALLMENTS,
  installmentAmount,
  installmentLocale,
  isInstallmentEligible,
  isInstallmentInRange,
  isUsOrTerritory,
} from './commerce/installments.js';
export {
  SUBSCRIPTION_UNAVAILABLE,
  billingPeriodsPerYear,
  describeBillingPeriod,
  describeSubscriptionPlan,
  formatDuration,
  subscriptionDuration,
  type Duration,
} from './commerce/subscription.js';

export {
  DARK_LUMINANCE_THRESHOLD,
  LIGHT_COLOR_CUTOFF,
  colorLuminance,
  hexToRgb,
  isDarkColor,
  isLightColor,
  parseHexColor,
} from './image/color.js';
export { DEFAULT_FOCAL_POINT, focalPointOf, formatFocalPoint, type FocalPoint } from './image/focal-point.js';
export { INVALID_ORIGINAL_SIZE, parseOriginalSize, type OriginalSizeResult } from './image/original-size.js';
export {
  RESPONSIVE_WIDTHS,
  imageFormatUrl,
  srcset,
  thumbnailBucket,
  type ResponsiveWidth,
} from './image/responsive.js';

export { commentLabel } from './text/comment-label.js';
export { EMAIL_LENGTH, EMAIL_MESSAGES, emailFieldError, isValidEmail, restockEmailError } from './text/email.js';
export { INVALID_DATE, timeAgo } from './text/time-ago.js';
export { truncate } from './text/truncate.js';

export {
  FORM_FIELD_TYPES,
  FORM_SUMMARY_PARTS,
  FormFieldset,
  MULTI_PART_FIELD_TYPES,
  editableFieldProperties,
  isFormFieldType,
  type FormFieldType,
} from './form/field-types.js';
export { FORM_MESSAGES, formFailure, formStatusMessage, type FormFailure } from './form/messages.js';
export {
  formSubmissionPayload,
  sanitizeFieldValue,
  type RawFieldInput,
  type SanitizedFieldValue,
} from './form/sanitize.js';
export {
  characterCount,
  isFieldEmpty,
  isMultiPartField,
  validateField,
  validateForm,
  type FormFieldRule,
  type FormFieldValue,
} from './form/validate-field.js';
export {
  DEFAULT_LIKERT_OPTIONS,
  likertOptions,
  type FormDefinition,
  type FormFieldDefinition,
} from './form/form-definition.js';
export {
  FIELD_TEXT_LIMIT,
  hasValueShape,
  notAnOptionMessage,
  validateSubmission,
  type SubmissionCheck,
} from './form/validate-submission.js';

export { RESTOCK_MESSAGES, restockSuccessText } from './restock/messages.js';

export { COMMERCE_EVENTS, WEB_VITALS, type WebVitalName } from './tracking/commerce-events.js';
export { TRACKING_KEYS, TRACKING_LIMITS } from './tracking/constants.js';
export { TRACKING_MESSAGES } from './tracking/messages.js';
export type { ErrorGroup } from './tracking/report-types.js';
export {
  isConfigPath,
  isTrackedAccount,
  shouldRecordPageView,
  shouldTrack,
  type TrackingScope,
  UNTRACKED_PAGE_TYPES,
} from './tracking/skip-rules.js';
export {
  CONSENT_CHOICES,
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_S,
  type ConsentChoice,
  type ConsentScope,
  consentChoiceOf,
  readConsent,
  shouldShowCookieBanner,
  type TrackingMode,
  trackingMode,
} from './consent/consent.js';
export {
  COOKIE_BANNER_DEFAULTS,
  COOKIE_BANNER_LIMITS,
  COOKIE_BANNER_POSITIONS,
  type CookieBannerField,
  type CookieBannerPosition,
  type CookieBannerSettings,
  cookieBannerOf,
  cookieBannerProblems,
  isPrivacyUrl,
  trimCookieBanner,
} from './consent/cookie-banner.js';

export {
  CHECKOUT_MESSAGES,
  TEST_CARDS,
  applicableTaxRules,
  computeCheckoutTotals,
  shippingCost,
  subtotalMinimumMessage,
  type CheckoutLineInput,
  type CheckoutTotals,
  type CheckoutTotalsInput,
  type Coupon,
  type CouponKind,
  type ShippingOption,
  type TaxLine,
  type TaxRule,
} from './checkout/totals.js';
export { INSTALLMENT_LIMITS, installmentLine, type InstallmentLine } from './checkout/installment-line.js';
export { COUNTRY_MESSAGES, ISO_COUNTRIES, countryName, isIsoCountry } from './checkout/countries.js';
export { orderQuantityProblem } from './checkout/order-lines.js';
export { checkUpload, UPLOAD_TYPES, validateFileName } from './editor/file-uploads.js';
export { EDITOR_LIMITS, EDITOR_MESSAGES } from './editor/editor-limits.js';
export { GALLERY_SETTING_FIELDS } from './editor/gallery-setting-fields.js';
export {
  buildLink,
  LINK_TAB_LABELS,
  LINK_TABS,
  type LinkResult,
  type LinkTab,
  parseLink,
} from './editor/link-editor.js';
export { DEVICE_PREVIEWS, type DevicePreview, PROMOTED_BLOCK_TYPES } from './editor/page-editor-options.js';
export {
  PAGE_STATUS_LABELS,
  PAGE_STATUSES,
  type PageSettings,
  type PageSettingsInput,
  type PageSettingsResult,
  type PageStatus,
  validatePageSettings,
} from './editor/page-settings.js';
export { slugFromTitle, validateSlug } from './editor/page-slugs.js';
export {
  EMPTY_ITEM_SEO,
  ITEM_SEO_LIMITS,
  ITEM_SEO_MESSAGES,
  type ItemSeo,
  type ItemSeoResult,
  itemSeoFrom,
  validateItemSeo,
} from './editor/item-seo.js';
export {
  ANIMATION_DEFAULTS,
  ANIMATION_STYLES,
  BUTTON_SHAPES,
  BUTTON_SIZES,
  BUTTON_STYLES,
  COLLECTION_LIMITS,
  COLOR_SLOTS,
  type ColorSlot,
  COOKIE_POLICIES,
  DESIGN_DIRTY_PATHS,
  type DesignDirtyPath,
  FONT_CATEGORIES,
  FONT_USAGES,
  type FontCategory,
  fontPackChange,
  type FontUsage,
  SHARE_SERVICES,
  SITE_ADMIN_MESSAGES,
  TWEAK_EVENTS,
  type TweakEvent,
} from './editor/site-admin.js';
// The form block's definition is read by the server's form handling too; the builder lives in
// `@tessera/core/editor` with the editor's other block forms, charts, video links and tweak lifecycle.
export { formBlockDefinition } from './editor/form-builder.js';
export {
  MAX_TERMS_PER_POST,
  TERM_KINDS,
  TERM_MAX_LENGTH,
  TERM_MESSAGES,
  checkPostTerms,
  checkTermName,
  findTerm,
  isTermKind,
  normalizeTerm,
  startTermEdit,
  termKey,
  type OpenTermEdit,
  type TermCheck,
  type TermEditStart,
  type TermKind,
  type TermListCheck,
} from './editor/tags.js';
export {
  POPUP_COLUMNS,
  POPUP_LIMITS,
  POPUP_POSITION_NAMES,
  POPUP_ROWS,
  popupCell,
  popupPosition,
  popupPositionLabel,
  type PopupColumn,
  type PopupRow,
} from './editor/popup-overlay.js';

export {
  BLOCK_PARTIALS,
  HEADING_PARTIAL,
  IMAGE_VARIANTS,
  blockFormId,
  blockViewSync,
  clampedNumber,
  sectionShell,
  sectionViewsSync,
  stringOr,
  type BlockData,
  type RenderedBlock,
  type SectionData,
  type SectionView,
} from './blocks/block-views.js';
// Gallery settings: SPEC's defaults, ranges and choices, the variants, and reading stored settings.
export { GALLERY_ALIGNMENTS, GALLERY_DESIGNS, GALLERY_META_POSITIONS } from './blocks/gallery-settings.js';
export { GALLERY_VARIANTS, knownGallerySettings } from './blocks/gallery-settings.js';
export { FORM_HONEYPOT_FIELD, formBlockView } from './blocks/form-view.js';
export {
  DONATION_INTERVALS,
  DONATION_LIMITS,
  DONATION_MESSAGES,
  DONATION_NAME_DISPLAYS,
  checkDonationAmount,
  donationBlockView,
  donationIntervalLabel,
  donationRules,
  donationAmountText,
  parseDonationAmount,
  type DonationAmountCheck,
  type DonationInterval,
  type DonationNameDisplay,
  type DonationRules,
} from './blocks/donation-view.js';
export { BLOG_BLOCK_LIMITS, POSTS_BY_FILTER, archiveGroups, archiveSettings } from './blocks/blog-blocks.js';
export { cloudTerms, feedAddress, monthKey, ownFeedSlug, periodRange, postDate } from './blocks/blog-blocks.js';
export { postsBySettings, rssSettings, tagCloudSettings } from './blocks/blog-blocks.js';
export {
  BLOCK_RULES,
  MEDIA_BLOCK_LIMITS,
  MEDIA_BLOCK_MESSAGES,
  TRACK_DURATION,
  blockContentProblems,
  blockLimitProblem,
  isTourDay,
  isTrackAddress,
  type BlockRules,
} from './blocks/block-rules.js';
export { CLOCK_BLOCK_VIEWS, PURE_BLOCK_VIEWS } from './blocks/block-view-table.js';
export { hostLabelOf, socialServiceOf, type SocialService } from './blocks/social-hosts.js';
export { dayIn, tourDatesView, type TourDatesPolicy } from './blocks/tour-dates.js';
export type { BlockViewBase } from './blocks/view-values.js';
export { MAX_ALT_FROM_BODY, altTextOf, imageView, type ImageView } from './blocks/images.js';
export { escapeHtml, isSafeUrl, renderMarkdown } from './blocks/markdown.js';
export {
  renderSectionsHtml,
  type BlockRenderLog,
  type PartialRenderer,
  type PartialSettings,
} from './blocks/sections.js';
