/** What the list pages use of the import wizard: the button leading to it with their entity chosen. */
export { ImportButton } from './components/import-button';
