// The dashboard feature's public entry: payments refresh the dashboard's figures through its keys.
export { dashboardKeys } from './dashboard-queries';
