import { type KeyboardEvent, useRef } from 'react';
import type { PanelProps } from '../registry.js';
import { Panel } from '../shared/Panel.js';
import { useResource } from '../shared/resource.js';
import { CouponsTab } from './CouponsTab.js';
import { GiftCardsTab } from './GiftCardsTab.js';
import { PaymentsTab } from './PaymentsTab.js';
import { SettingsTab } from './SettingsTab.js';
import { ShippingTab } from './ShippingTab.js';
import { TaxTab } from './TaxTab.js';
import type { CheckoutSettings } from '@tessera/core/contracts/checkout-settings';
import type { StoreSettings } from '@tessera/core/contracts/settings';
import './store.css';

export const STORE_PATH = '/config/commerce/store';

const TABS = [
  { slug: 'shipping', label: 'Shipping options' },
  { slug: 'tax', label: 'Tax rules' },
  { slug: 'coupons', label: 'Coupons' },
  { slug: 'gift-cards', label: 'Gift cards' },
  { slug: 'settings', label: 'Store settings' },
  { slug: 'payments', label: 'Payment providers' },
] as const;
type Slug = (typeof TABS)[number]['slug'];

/**
 * Store: shipping options, tax rules, coupons, gift cards and store settings, one tab each; the
 * tab is part of the address (`/config/commerce/store/coupons`).
 */
export default function StorePanel({ path, navigate }: PanelProps) {
  const rest = path.slice(STORE_PATH.length).replace(/^\/+|\/+$/g, '');
  const current: Slug = TABS.find((t) => t.slug === rest)?.slug ?? 'shipping';
  const checkout = useResource<CheckoutSettings>('/api/config/checkout');
  // Always loaded: the "Test mode" banner shows on every tab.
  const store = useResource<StoreSettings>('/api/config/settings/store');
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKey(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + TABS.length) % TABS.length;
    navigate(`${STORE_PATH}/${TABS[next]!.slug}`);
    tabs.current[next]?.focus();
  }

  const settings = checkout.data;
  let body = <p className="ed-empty">Loading…</p>;
  if (current === 'payments') {
    body = <PaymentsTab />;
  } else if (current === 'settings') {
    if (store.data) body = <SettingsTab settings={store.data} onSaved={() => void store.reload()} />;
  } else if (current === 'gift-cards') {
    if (settings) body = <GiftCardsTab currency={settings.currency} locale={settings.locale} />;
  } else if (settings) {
    const onSaved = () => void checkout.reload();
    if (current === 'shipping') body = <ShippingTab settings={settings} onSaved={onSaved} />;
    if (current === 'tax') body = <TaxTab settings={settings} onSaved={onSaved} />;
    if (current === 'coupons') body = <CouponsTab settings={settings} onSaved={onSaved} />;
  }

  return (
    <Panel title="Store" error={checkout.error || store.error}>
      {store.data?.testModeActive && (
        <p className="ed-test-mode" role="note">
          <strong>Test mode</strong>: checkout takes test cards only and no real payments. Turn it off in Store settings
          once a live payment provider is set up.
        </p>
      )}
      <div className="ed-tabs ed-store-tabs" role="tablist" aria-label="Store">
        {TABS.map((tab, i) => (
          <button
            key={tab.slug}
            ref={(el) => {
              tabs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`ed-store-tab-${tab.slug}`}
            aria-selected={tab.slug === current}
            aria-controls="ed-store-tabpanel"
            tabIndex={tab.slug === current ? 0 : -1}
            onClick={() => navigate(`${STORE_PATH}/${tab.slug}`)}
            onKeyDown={(event) => onKey(event, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id="ed-store-tabpanel" role="tabpanel" aria-labelledby={`ed-store-tab-${current}`} className="ed-store-body">
        {body}
      </div>
    </Panel>
  );
}
