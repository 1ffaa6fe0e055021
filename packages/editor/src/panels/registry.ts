import type { RoleGroup } from '@tessera/core';
import type { ComponentType } from 'react';

/** What every editor panel receives from the shell. */
export interface PanelProps {
  /** The current address, e.g. `/config/commerce/orders/123`; a panel may route inside its prefix. */
  path: string;
  navigate: (path: string) => void;
  owner: { email: string; roles: number[] };
}

export interface PanelDef {
  /** The address prefix the panel owns (`/config/design` owns `/config/design/...`). */
  path: string;
  label: string;
  /** Navigation section it is listed under. */
  section: 'Website' | 'Commerce' | 'Insights' | 'Settings';
  /** The role group of the server routes it calls (see `ROLE_GROUPS`). */
  group: RoleGroup;
  /** Loaded on first visit, so the editor's first load carries only the page editor. */
  load: () => Promise<{ default: ComponentType<PanelProps> }>;
}

/**
 * Every panel of the editor other than the page editor (which is `/config/pages` and loads eagerly).
 * Adding a panel is one entry here plus its folder under `src/panels/`.
 */
export const PANELS: readonly PanelDef[] = [
  {
    path: '/config/design',
    label: 'Design',
    section: 'Website',
    group: 'content',
    load: () => import('./design/index.js'),
  },
  {
    path: '/config/blog',
    label: 'Blog',
    section: 'Website',
    group: 'content',
    load: () => import('./blog/index.js'),
  },
  {
    path: '/config/events',
    label: 'Events',
    section: 'Website',
    group: 'content',
    load: () => import('./events/index.js'),
  },
  {
    path: '/config/import/wordpress',
    label: 'WordPress import',
    section: 'Website',
    group: 'content',
    load: () => import('./imports/index.js'),
  },
  {
    path: '/config/theme',
    label: 'Theme',
    section: 'Website',
    group: 'admin',
    load: () => import('./theme-editor/index.js'),
  },
  {
    path: '/config/popup',
    label: 'Popup',
    section: 'Website',
    group: 'content',
    load: () => import('./popup/index.js'),
  },
  {
    path: '/config/commerce/products',
    label: 'Products',
    section: 'Commerce',
    group: 'store',
    load: () => import('./products/index.js'),
  },
  {
    path: '/config/commerce/inventory',
    label: 'Inventory',
    section: 'Commerce',
    group: 'store',
    load: () => import('./inventory/index.js'),
  },
  {
    path: '/config/commerce/orders',
    label: 'Orders',
    section: 'Commerce',
    group: 'store',
    load: () => import('./orders/index.js'),
  },
  {
    path: '/config/commerce/donations',
    label: 'Donations',
    section: 'Commerce',
    group: 'store',
    load: () => import('./donations/index.js'),
  },
  {
    path: '/config/commerce/member-areas',
    label: 'Member areas',
    section: 'Commerce',
    group: 'store',
    load: () => import('./member-areas/index.js'),
  },
  {
    path: '/config/commerce/reviews',
    label: 'Reviews',
    section: 'Commerce',
    group: 'store',
    load: () => import('./reviews/index.js'),
  },
  {
    path: '/config/commerce/store',
    label: 'Store',
    section: 'Commerce',
    group: 'store',
    load: () => import('./store/index.js'),
  },
  {
    path: '/config/commerce/import',
    label: 'Product import',
    section: 'Commerce',
    group: 'store',
    load: () => import('./imports/index.js'),
  },
  {
    path: '/config/commerce/restock',
    label: 'Restock',
    section: 'Commerce',
    group: 'store',
    load: () => import('./restock/index.js'),
  },
  {
    path: '/config/analytics',
    label: 'Analytics',
    section: 'Insights',
    group: 'reporting',
    load: () => import('./analytics/index.js'),
  },
  {
    path: '/config/forms',
    label: 'Form submissions',
    section: 'Insights',
    group: 'forms',
    load: () => import('./submissions/index.js'),
  },
  {
    path: '/config/errors',
    label: 'JavaScript errors',
    section: 'Insights',
    group: 'reporting',
    load: () => import('./errors/index.js'),
  },
  {
    path: '/config/mail',
    label: 'Mail outbox',
    section: 'Insights',
    group: 'admin',
    load: () => import('./outbox/index.js'),
  },
  {
    path: '/config/settings',
    label: 'Settings',
    section: 'Settings',
    group: 'admin',
    load: () => import('./settings/index.js'),
  },
  {
    path: '/config/webhooks',
    label: 'Webhooks',
    section: 'Settings',
    group: 'admin',
    load: () => import('./webhooks/index.js'),
  },
  {
    path: '/config/mailing-services',
    label: 'Mailing services',
    section: 'Settings',
    group: 'admin',
    load: () => import('./mailing-services/index.js'),
  },
  {
    path: '/config/owners',
    label: 'Owners',
    section: 'Settings',
    group: 'admin',
    load: () => import('./owners/index.js'),
  },
  {
    path: '/config/password',
    label: 'Your password',
    section: 'Settings',
    group: 'any',
    load: () => import('./password/index.js'),
  },
];
