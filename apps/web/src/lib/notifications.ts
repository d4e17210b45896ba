/** The notifications package with its styles; loaded with the first toast (see ./notify). */
import '../styles/full-styles';

export { Notifications, notifications } from '@mantine/notifications';
