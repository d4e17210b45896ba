/** What other features may use: the admin's choice of a business's plan. */
export { BusinessPlanSelect } from './components/business-plan-select';
