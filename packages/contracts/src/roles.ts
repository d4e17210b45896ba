import { z } from 'zod';
import { type AbilityScope, abilitiesForScope } from './abilities';
import { listQuerySchema, optionalText255 } from './common';
import { listOf, pageSizeSchema, text } from './fields';
import { sharedMessages as messages } from './shared-messages';

export const roleResourceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scope: z.enum(['business', 'platform']),
  abilities: z.array(z.string()),
  is_system: z.boolean(),
  users_count: z.number(),
  created_at: z.string(),
});
export type RoleResource = z.infer<typeof roleResourceSchema>;

export const rolesQuerySchema = listQuerySchema.extend({ limit: pageSizeSchema(100) });

export const roleListResponseSchema = z.object({
  data: z.array(roleResourceSchema),
  meta: z.object({ current_page: z.number(), last_page: z.number(), per_page: z.number(), total: z.number(), role_total_count: z.number() }),
});
export type RoleListResponse = z.infer<typeof roleListResponseSchema>;

/** Create and edit share one form; the server also checks each ability belongs to the role's scope. */
export const roleRequestSchema = z.object({
  name: text({ error: messages.required }).trim().min(1, messages.required).max(255, messages.maxLength255),
  description: optionalText255,
  abilities: listOf(text().max(100, messages.invalidAbility), { min: 1, max: 200, requiredMessage: messages.selectAtLeastOne }),
});
export type RoleRequest = z.input<typeof roleRequestSchema>;

export type AbilityGroup = { model: string; abilities: string[] };

/** The catalogue of one scope grouped by model, in catalogue order (the role form's sections). */
export function abilityGroups(scope: AbilityScope): AbilityGroup[] {
  const groups = new Map<string, string[]>();
  for (const ability of abilitiesForScope(scope)) {
    const list = groups.get(ability.model) ?? [];
    list.push(ability.name);
    groups.set(ability.model, list);
  }
  return [...groups].map(([model, abilities]) => ({ model, abilities }));
}

export const abilityGroupsResponseSchema = z.object({ data: z.array(z.object({ model: z.string(), abilities: z.array(z.string()) })) });
