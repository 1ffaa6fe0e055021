import type { PlaceDetailsAnswer, PlaceSuggestionsAnswer } from '@tessera/core/contracts/checkout';

/** Address suggestions for the checkout form, behind an interface so a site can plug in a provider. */
export type AddressSuggestion = PlaceSuggestionsAnswer['predictions'][number];

/** A chosen suggestion's address, in the checkout form's fields. */
export type AddressDetails = PlaceDetailsAnswer['address'];

export interface AddressLookupProvider {
  autocomplete(input: string, sessionToken?: string): Promise<AddressSuggestion[]>;
  details(placeId: string, sessionToken?: string): Promise<AddressDetails | undefined>;
}

export const ADDRESS_LOOKUP_NOT_CONFIGURED = Object.freeze({
  error: 'not-configured',
  message: 'Address lookup is not configured for this site. Enter the address by hand.',
});
