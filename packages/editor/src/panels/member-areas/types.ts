// The labels of a member's access source; the wire shapes of `/api/config/member-areas` are
// `@tessera/core/contracts/member-areas`'s.

export const SOURCE_LABELS: Record<string, string> = {
  free: 'Free plan',
  granted: 'Granted by an owner',
  'one-time': 'Paid once',
  recurring: 'Subscription',
  revoked: 'Revoked',
  none: 'No access',
};
