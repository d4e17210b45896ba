/**
 * Mantine CSS for the screens a guest can reach (the login layout: login, 2FA step, sign-up,
 * forgot/reset password, accept invitation; the verify pages; 403/404 and the route error page;
 * the full-page loader). Only these parts are in the login entry; the full stylesheet loads with
 * the signed-in layouts and with the first toast (./full-styles).
 *
 * Adding a Mantine component to one of those screens? Add its CSS here (and the CSS of the
 * components it renders inside, e.g. Button → Loader, PasswordInput → ActionIcon), keeping the
 * order the files have inside `@mantine/core/styles.css` (baseline, variables, global first).
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css'; // NativeSelect's chevron (sign-up)
import '@mantine/core/styles/InlineInput.css'; // Checkbox label layout
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
