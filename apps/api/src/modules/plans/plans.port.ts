// What other modules run inside their own transaction: the team module checks a plan's team limit
// before it adds people to a business; bootstrap marks the menu entries the plan does not include;
// payouts stop taking card and bank payments for a business whose plan dropped online payments.
export { ensureTeamRoom, planIncludes, requiredPlans } from './plans.service';
