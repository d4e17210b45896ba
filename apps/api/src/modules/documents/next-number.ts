import type { NextNumberResponse, NumberedModel } from '@app/contracts';
import { todayInTimeZone } from '@app/domain';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import { businessSettingsOf } from '../businesses/businesses.service';
import * as repo from './documents.repository';
import { numberingConfig, previewNumber } from './numbering';

/** GET /next-number: what the next invoice, estimate, payment or recurring invoice number will be, for the form to prefill. */
export function createNextNumberService(app: AppContext) {
  return {
    async next(scope: BusinessScope, model: NumberedModel, customerId: string | undefined, date: string | undefined): Promise<NextNumberResponse> {
      return inTenant(app.db, scope.tenantId, async (tx) => {
        const business = await repo.findBusinessForDocuments(tx, scope.tenantId, scope.businessId);
        if (!business) throw AppError.notFound();
        const settings = businessSettingsOf(business.id, business.settings);
        if (customerId && !(await repo.findCustomer(tx, scope, customerId))) throw AppError.notFound();
        return previewNumber(tx, scope, model, numberingConfig(settings, model), date ?? todayInTimeZone(app.clock.now(), settings.time_zone), customerId ?? null);
      });
    },
  };
}

export type NextNumberService = ReturnType<typeof createNextNumberService>;
