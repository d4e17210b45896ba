// What other features use of exports: the list pages' "Export" action.
export { ExportButton, type ExportFilters } from './components/export-button';
