/**
 * Mantine CSS for the screens a guest can reach (the login layout: login, 2FA step, sign-up,
 * forgot/reset password, accept invitation; the verify pages; 403/404 and the route error page;
 * the full-page loader). The parts the login screen, the loader and the status pages use are in
 * the login entry; what only the other guest screens use (./guest-page-styles) loads with each of
 * them (lib/on-demand-screen); the full stylesheet loads with the signed-in layouts and with the
 * first toast (./full-styles).
 *
 * Adding a Mantine component to one of those screens? Add its CSS here, or to ./guest-page-styles
 * when the login screen does not use it (and the CSS of the components it renders inside, e.g.
 * Button → Loader, PasswordInput → ActionIcon), keeping the order the files have inside
 * `@mantine/core/styles.css` (baseline and global first). The theme's CSS variables are not a file
 * here: MantineProvider writes all of them (app/providers), not only those that differ from the
 * defaults in `default-css-variables.css`.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css'; // Checkbox label layout
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
