// What other modules may do with user accounts inside their own transaction: team and platform
// users invite and disable people, accounts edit their own, tenants and counterparties create
// owners. Sessions, sign-ups and credential checks stay with auth.
export {
  type UserRow,
  activateMemberships,
  consumeOneTimeToken,
  deleteUnusedInvitedUsers,
  deleteUserSessions,
  findMembership,
  findUserByEmail,
  findUserById,
  insertAccessToken,
  insertOneTimeToken,
  insertUser,
  insertUsers,
  invalidateOneTimeTokens,
  revokeAccessToken,
  revokeUserTokens,
  updateUser,
} from './auth.repository';
