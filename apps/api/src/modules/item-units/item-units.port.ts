// Items check the unit they name inside the item's own transaction.
export { findUnit } from './item-units.repository';
