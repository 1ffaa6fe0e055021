// Wire shapes of `/api/config/member-areas` (server: `domains/memberships/owner-routes.ts`).

export interface PlanJson {
  id: string;
  title: string;
  kind: 'free' | 'one-time' | 'recurring';
  price: string;
  period: string;
  duration: string;
  archived: boolean;
}

export interface AreaJson {
  id: string;
  title: string;
  description: string;
  collections: { id: string; slug: string; title: string }[];
  plans: PlanJson[];
}

export interface AreasListing {
  areas: AreaJson[];
  collections: { id: string; slug: string; title: string; kind: string }[];
}

export interface MemberJson {
  siteUserId: string;
  email: string;
  name: string;
  access: { active: boolean; until: string | null; source: string };
  stored: string | null;
}

export interface RevenueJson {
  planId: string;
  title: string;
  kind: string;
  currency: string;
  revenueCents: number;
  paidOrders: number;
}

export const SOURCE_LABELS: Record<string, string> = {
  free: 'Free plan',
  granted: 'Granted by an owner',
  'one-time': 'Paid once',
  recurring: 'Subscription',
  revoked: 'Revoked',
  none: 'No access',
};
