// The account feature's public entry: the admin area's own settings page reuses the profile form.
export { AvatarUpload } from './components/avatar-upload';
export { ProfileForm } from './components/profile-form';
