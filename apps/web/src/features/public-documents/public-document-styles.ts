/**
 * The Mantine CSS the public document pages need beyond the guest subset (../../styles/public-styles):
 * loaded with their chunk only, so the login entry stays small (the pay form's come with it, see
 * components/pay-form-styles). Same order as in `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/List.css'; // the estimate deposit's list of payments
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
