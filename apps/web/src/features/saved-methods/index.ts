/** Saved payment methods: the settings section, the customer page's link request, and the list (the BNPL wizard's choice of method), used by other features. */
export { MethodLinkButton } from './method-link-button';
export { SavedMethodsSection } from './saved-methods-section';
export { useSavedMethods } from './saved-methods-queries';
