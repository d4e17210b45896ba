/** Saved payment methods: the settings section and the customer page's link request, shown by other features' pages. */
export { MethodLinkButton } from './method-link-button';
export { SavedMethodsSection } from './saved-methods-section';
