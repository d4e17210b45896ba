/** The settings frame other features' pages render inside. */
export { SettingsLayout } from './components/settings-layout';
