import { z } from 'zod';
import { optionalText255, phoneSchema } from './common';
import { referenceIdSchema } from './fields';
import { sharedMessages as messages } from './shared-messages';
import { countryById } from './reference/countries';

/** Optional fields: an empty (or blank) input means "not given". */
export const blankToNull = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? null : value);
export const optionalText = z.preprocess(blankToNull, optionalText255);

/** The parts that make an address an address; a partly filled one needs street 1, city and country. */
const ADDRESS_PARTS = ['address_street_1', 'address_street_2', 'city', 'state', 'zip', 'country_id'] as const;

export const postalAddressSchema = z
  .object({
    name: optionalText,
    phone: z.preprocess(blankToNull, phoneSchema.nullish()),
    address_street_1: optionalText,
    address_street_2: optionalText,
    city: optionalText,
    state: optionalText,
    country_id: z.preprocess(
      blankToNull,
      referenceIdSchema.refine((id) => countryById(id) !== undefined, messages.invalidCountry).nullish(),
    ),
    zip: optionalText,
  })
  .superRefine((address, ctx) => {
    const filled = ADDRESS_PARTS.some((part) => address[part] !== null && address[part] !== undefined);
    const complete = Boolean(address.address_street_1) && Boolean(address.city) && Boolean(address.country_id);
    if (filled && !complete) ctx.addIssue({ code: 'custom', message: messages.incompleteAddress });
  });
export type PostalAddressInput = z.input<typeof postalAddressSchema>;


export const postalAddressResourceSchema = z.object({
  name: z.string().nullable(),
  phone: z.string().nullable(),
  address_street_1: z.string().nullable(),
  address_street_2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country_id: z.number().nullable(),
  zip: z.string().nullable(),
});
export type PostalAddressResource = z.infer<typeof postalAddressResourceSchema>;
export type PostalAddressFields = z.infer<typeof postalAddressSchema>;
