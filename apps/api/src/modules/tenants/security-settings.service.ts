import { PERSONAL_TOKEN_MAX_DAYS_DEFAULT, type SecuritySettings } from '@app/contracts';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import * as repo from './security-settings.repository';

function toResource(row: repo.SecuritySettingsRow | undefined): SecuritySettings {
  return { personal_token_max_days: row?.personalTokenMaxDays ?? PERSONAL_TOKEN_MAX_DAYS_DEFAULT };
}

/** The tenant's security settings, read in the caller's tenant transaction (defaults when never saved). */
export async function securitySettingsInTx(tx: Tx, tenantId: string): Promise<SecuritySettings> {
  return toResource(await repo.findSecuritySettings(tx, tenantId));
}

/** Admin area → settings → security: read with view-platform-setting, changed with edit-platform-setting. */
export function createSecuritySettingsService(app: AppContext) {
  return {
    async get(tenantId: string): Promise<SecuritySettings> {
      return inTenant(app.db, tenantId, (tx) => securitySettingsInTx(tx, tenantId));
    },

    async update(actor: AuditActor, input: SecuritySettings): Promise<SecuritySettings> {
      const { tenantId } = actor;
      return inTenant(app.db, tenantId, async (tx) => {
        const before = await repo.findSecuritySettings(tx, tenantId);
        const row = await repo.saveSecuritySettings(tx, { tenantId, personalTokenMaxDays: input.personal_token_max_days });
        await recordAudit(tx, actor, { model: 'security_settings', modelId: tenantId, action: before ? 'updated' : 'created', before: before ? toResource(before) : null, after: toResource(row) });
        return toResource(row);
      });
    },
  };
}

export type SecuritySettingsService = ReturnType<typeof createSecuritySettingsService>;
