// What other modules may do with business rows inside their own transaction: team, counterparties,
// the platform's business list and bootstrap read or update a business and add memberships.
export {
  type BusinessRow,
  findBusiness,
  insertMembership,
  insertMemberships,
  insertRoles,
  listUserCompanies,
  slugTaken,
  updateBusiness,
} from './businesses.repository';
export { postalAddressOf } from './business-addresses';
