/**
 * The Mantine CSS of the guest screens beyond the login screen's (./public-styles): alerts and
 * grids. NativeSelect's chevron (Combobox.css) comes with the one guest screen that has a select,
 * through components/business-type-selects. Loaded before any screen outside the login entry
 * renders (lib/on-demand-screen), so the login entry stays small. Same order as in
 * `@mantine/core/styles.css`.
 */
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/SimpleGrid.css';
