// Counterparties give the owner of a business they create on a vendor's behalf its owner role.
export { findOwnerRole } from './team.repository';
