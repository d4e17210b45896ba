/**
 * State-level base sales tax rates of the 50 US states and the District of Columbia.
 *
 * Source: the states' revenue departments, as compiled by the Tax Foundation, "State and Local
 * Sales Tax Rates, 2025" (rates in effect on 1 January 2025). Like that compilation, California
 * (1.25%), Utah (1.25%) and Virginia (1%) include their mandatory statewide local add-ons.
 *
 * These are STATE base rates only: county, city and special-district rates are NOT included, so
 * the rate actually charged at an address is often higher. Alaska, Delaware, Montana, New
 * Hampshire and Oregon levy no statewide sales tax (0).
 *
 * Update the table and `US_SALES_TAX_AS_OF` together when states change their rates.
 */
export const US_SALES_TAX_SOURCE = 'State revenue departments, compiled by the Tax Foundation, "State and Local Sales Tax Rates, 2025"';
export const US_SALES_TAX_AS_OF = '2025-01-01';

export type UsStateSalesTax = { code: string; name: string; rate: string };

export const usStateSalesTax: readonly UsStateSalesTax[] = [
  { code: 'AL', name: 'Alabama', rate: '4' },
  { code: 'AK', name: 'Alaska', rate: '0' },
  { code: 'AZ', name: 'Arizona', rate: '5.6' },
  { code: 'AR', name: 'Arkansas', rate: '6.5' },
  { code: 'CA', name: 'California', rate: '7.25' },
  { code: 'CO', name: 'Colorado', rate: '2.9' },
  { code: 'CT', name: 'Connecticut', rate: '6.35' },
  { code: 'DE', name: 'Delaware', rate: '0' },
  { code: 'DC', name: 'District of Columbia', rate: '6' },
  { code: 'FL', name: 'Florida', rate: '6' },
  { code: 'GA', name: 'Georgia', rate: '4' },
  { code: 'HI', name: 'Hawaii', rate: '4' },
  { code: 'ID', name: 'Idaho', rate: '6' },
  { code: 'IL', name: 'Illinois', rate: '6.25' },
  { code: 'IN', name: 'Indiana', rate: '7' },
  { code: 'IA', name: 'Iowa', rate: '6' },
  { code: 'KS', name: 'Kansas', rate: '6.5' },
  { code: 'KY', name: 'Kentucky', rate: '6' },
  { code: 'LA', name: 'Louisiana', rate: '5' },
  { code: 'ME', name: 'Maine', rate: '5.5' },
  { code: 'MD', name: 'Maryland', rate: '6' },
  { code: 'MA', name: 'Massachusetts', rate: '6.25' },
  { code: 'MI', name: 'Michigan', rate: '6' },
  { code: 'MN', name: 'Minnesota', rate: '6.875' },
  { code: 'MS', name: 'Mississippi', rate: '7' },
  { code: 'MO', name: 'Missouri', rate: '4.225' },
  { code: 'MT', name: 'Montana', rate: '0' },
  { code: 'NE', name: 'Nebraska', rate: '5.5' },
  { code: 'NV', name: 'Nevada', rate: '6.85' },
  { code: 'NH', name: 'New Hampshire', rate: '0' },
  { code: 'NJ', name: 'New Jersey', rate: '6.625' },
  { code: 'NM', name: 'New Mexico', rate: '4.875' },
  { code: 'NY', name: 'New York', rate: '4' },
  { code: 'NC', name: 'North Carolina', rate: '4.75' },
  { code: 'ND', name: 'North Dakota', rate: '5' },
  { code: 'OH', name: 'Ohio', rate: '5.75' },
  { code: 'OK', name: 'Oklahoma', rate: '4.5' },
  { code: 'OR', name: 'Oregon', rate: '0' },
  { code: 'PA', name: 'Pennsylvania', rate: '6' },
  { code: 'RI', name: 'Rhode Island', rate: '7' },
  { code: 'SC', name: 'South Carolina', rate: '6' },
  { code: 'SD', name: 'South Dakota', rate: '4.2' },
  { code: 'TN', name: 'Tennessee', rate: '7' },
  { code: 'TX', name: 'Texas', rate: '6.25' },
  { code: 'UT', name: 'Utah', rate: '6.1' },
  { code: 'VT', name: 'Vermont', rate: '6' },
  { code: 'VA', name: 'Virginia', rate: '5.3' },
  { code: 'WA', name: 'Washington', rate: '6.5' },
  { code: 'WV', name: 'West Virginia', rate: '6' },
  { code: 'WI', name: 'Wisconsin', rate: '5' },
  { code: 'WY', name: 'Wyoming', rate: '4' },
];

const byKey = new Map<string, UsStateSalesTax>(usStateSalesTax.flatMap((entry) => [[entry.code, entry], [entry.name.toUpperCase(), entry]]));

/** A state by its USPS code ('CA') or its name ('California'), case-insensitive. */
export function findUsState(state: string): UsStateSalesTax | undefined {
  return byKey.get(state.trim().replace(/\s+/g, ' ').toUpperCase());
}

const US_NAMES = new Set(['US', 'USA', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

export function isUnitedStates(country: string | null | undefined): boolean {
  return !country || US_NAMES.has(country.trim().replace(/\./g, '').toUpperCase());
}
