// The roles feature's public entry: the ability picker is shared with the API client form.
export { AbilityPicker } from './components/ability-picker';
