// What other modules run inside their own transaction: the team module checks a plan's team limit
// before it adds people to a business; bootstrap marks the menu entries the plan does not include.
export { ensureTeamRoom, requiredPlans } from './plans.service';
