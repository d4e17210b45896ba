/**
 * The Mantine CSS the public document pages need beyond the guest subset (../../styles/public-styles):
 * loaded with their chunk only, so the login entry stays small. Same order as in `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/List.css'; // the estimate deposit's list of payments
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/NumberInput.css'; // the pay form's amount, where partial payments are allowed
import '@mantine/core/styles/Radio.css'; // the pay form's card or bank account choice
import '@mantine/core/styles/Table.css';
