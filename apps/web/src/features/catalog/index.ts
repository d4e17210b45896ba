// The catalog feature's public entry: the queries of items, units, tax types, notes and payment
// methods that the items, settings, documents and payments features are built on.
export { itemUnitsApi, itemsApi, notesApi, paymentModesApi, taxLabel, taxTypesApi, useBulkDeleteItems } from './catalog-queries';
