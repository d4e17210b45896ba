/**
 * A screen outside the login entry, loaded on demand together with what every such screen needs
 * and the login entry leaves out: i18next (see ./guest-text) and the guest screens' extra CSS
 * (../styles/guest-page-styles). All three load in parallel; the screen renders once i18next is
 * initialised and the CSS applied.
 */
export function onDemandScreen<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([import('./i18n'), import('../styles/guest-page-styles'), load()]).then(([, , loaded]) => loaded);
}
