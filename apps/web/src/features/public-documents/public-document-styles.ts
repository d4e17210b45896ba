/**
 * The Mantine CSS the public document pages need beyond the guest subset (../../styles/public-styles):
 * loaded with their chunk only, so the login entry stays small. Same order as in `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Table.css';
