// The landlord's tenant list counts and lists each tenant's businesses with the platform list's
// filter; platform users search with the same escaped pattern.
export { countBusinesses, likePattern, listBusinesses } from './platform-businesses.repository';
