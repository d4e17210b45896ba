/**
 * The Mantine CSS the pay form needs beyond what the public pages load (../features/public-documents/public-document-styles):
 * loaded with the form when Pay is pressed (./pay-form-on-demand). Same order as in `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/NumberInput.css'; // the amount, where partial payments are allowed
import '@mantine/core/styles/Radio.css'; // the card or bank account choice
