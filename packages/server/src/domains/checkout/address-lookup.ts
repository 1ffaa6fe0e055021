/** Address suggestions for the checkout form, behind an interface so a site can plug in a provider. */
export interface AddressSuggestion {
  placeId: string;
  description: string;
}

export interface AddressDetails {
  line1: string;
  line2?: string;
  city: string;
  region?: string;
  postalCode: string;
  country: string;
}

export interface AddressLookupProvider {
  autocomplete(input: string, sessionToken?: string): Promise<AddressSuggestion[]>;
  details(placeId: string, sessionToken?: string): Promise<AddressDetails | undefined>;
}

export const ADDRESS_LOOKUP_NOT_CONFIGURED = Object.freeze({
  error: 'not-configured',
  message: 'Address lookup is not configured for this site. Enter the address by hand.',
});
