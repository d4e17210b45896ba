import { companyPaths } from '../../lib/paths';

export const ITEMS_PATH = companyPaths.items;
export const ITEM_CREATE_PATH = '/items/create';
export const ITEM_UNITS_PATH = '/items/units';
export const itemEditPath = (id: string) => `/items/${encodeURIComponent(id)}/edit`;
