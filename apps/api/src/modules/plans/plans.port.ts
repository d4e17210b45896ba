// What other modules run inside their own transaction: the team module checks a plan's team limit
// before it adds people to a business.
export { ensureTeamRoom } from './plans.service';
