/** The profile pieces the admin settings page shows too. */
export { AvatarUpload } from './components/avatar-upload';
export { ProfileForm } from './components/profile-form';
