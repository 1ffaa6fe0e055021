/** A group of `GET /api/site-users/account/notifications/restock/groups`: the sign-ups of one variant. */
export interface SignUpGroup {
  productId: string;
  variantId: string;
  sku: string;
  productTitle: string;
  attributes: Record<string, string>;
  pendingCount: number;
  sentCount: number;
  totalCount: number;
}

export interface SignUp {
  id: string;
  email: string;
  isJoinMailingList: boolean;
  state: string;
  createdOn: string;
  sentOn: string | null;
}

export interface GroupPage {
  signUpGroups: SignUpGroup[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface SignUpPage {
  signUps: SignUp[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export interface SendOutcome {
  productId: string;
  variantId: string;
  sent: number;
  failed: number;
}

/** "Linen Shirt (M / Indigo)" */
export function groupLabel(group: Pick<SignUpGroup, 'productTitle' | 'attributes' | 'sku'>): string {
  const options = Object.values(group.attributes).filter(Boolean).join(' / ');
  return options ? `${group.productTitle} (${options})` : group.productTitle || group.sku;
}

export function outcomeText(outcome: { sent: number; failed: number }): string {
  const sent = `${outcome.sent} notification${outcome.sent === 1 ? '' : 's'} sent`;
  return outcome.failed ? `${sent}, ${outcome.failed} failed (they stay pending; send again later)` : sent;
}
