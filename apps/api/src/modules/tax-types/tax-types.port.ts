// Items check the tax types they name inside the item's own transaction.
export { findTaxTypes } from './tax-types.repository';
