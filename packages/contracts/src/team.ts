import { z } from 'zod';
import { listQuerySchema, messageResponseSchema, nameSchema } from './common';
import { text } from './fields';
import { sharedMessages as messages } from './shared-messages';

export const membershipStatuses = ['invited', 'active', 'disabled'] as const;
export type MembershipStatus = (typeof membershipStatuses)[number];

/** The users page tabs: every member, or those whose membership has one status. */
export const teamUserTabs = ['all', ...membershipStatuses] as const;
export type TeamUserTab = (typeof teamUserTabs)[number];

export const teamUserOrderFields = ['name', 'email', 'status', 'created_at'] as const;

export const teamUsersQuerySchema = listQuerySchema.extend({
  status: z.enum(teamUserTabs).optional(),
  orderByField: z.enum(teamUserOrderFields).optional(),
});
export type TeamUsersQuery = z.input<typeof teamUsersQuerySchema>;

/** A member of the selected business: status is the membership's, not the account's. */
export const teamUserResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  avatar: z.string().nullable(),
  status: z.enum(membershipStatuses),
  role: z.object({ id: z.string(), name: z.string() }),
  is_owner: z.boolean(),
  created_at: z.string(),
});
export type TeamUserResource = z.infer<typeof teamUserResourceSchema>;

/** `POST /users` and `POST /users/:id/resend-invite`: the user and what was mailed. */
export const teamUserInvitedResponseSchema = messageResponseSchema.extend({ data: teamUserResourceSchema });

export const teamUserListMetaSchema = z.object({
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  user_total_count: z.number(),
});
export const teamUserListResponseSchema = z.object({ data: z.array(teamUserResourceSchema), meta: teamUserListMetaSchema });
export type TeamUserListResponse = z.infer<typeof teamUserListResponseSchema>;

/** `role` names a role of the business or gives its id. */
const roleReference = text({ error: messages.required }).trim().min(1, messages.required).max(100, messages.roleNotFound);

export const updateTeamUserRequestSchema = z.object({
  name: nameSchema.optional(),
  role: roleReference.optional(),
});
export type UpdateTeamUserRequest = z.input<typeof updateTeamUserRequestSchema>;

/** Global search (company header): at most 10 hits of each kind. */
export const searchQuerySchema = z.object({ search: text().trim().max(255, messages.maxLength255).default('') });
export const searchHitSchema = z.object({ id: z.string(), name: z.string(), email: z.string().nullable(), avatar: z.string().nullable() });
export type SearchHit = z.infer<typeof searchHitSchema>;
export const searchResponseSchema = z.object({
  users: z.array(searchHitSchema),
  customers: z.array(searchHitSchema),
  vendors: z.array(searchHitSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
export const SEARCH_LIMIT = 10;
