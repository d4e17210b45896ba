/**
 * The full Mantine stylesheets. Imported by the signed-in layouts and by the lazily loaded
 * notifications (lib/notifications), never by the login entry (see ./public-styles). Being one
 * shared module, its CSS is a single file that loads at most once, always after the login subset,
 * so the cascade is the one of the full stylesheet.
 */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
