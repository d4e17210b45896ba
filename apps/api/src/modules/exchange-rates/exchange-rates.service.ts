import { type ExchangeRateListResponse, type ExchangeRateRequest, type ExchangeRateResource, currencyById, exchangeRateRequestSchema, messages } from '@app/contracts';
import { CurrencyConverter, formatRate, parseRate, parseScaledSum } from '@app/domain';
import type { Tx } from '../../db/client';
import { inTenant } from '../../db/tenant-tx';
import type { AppContext } from '../../platform/app-context';
import { type AuditActor, recordAudit } from '../../platform/audit';
import type { BusinessScope } from '../../platform/business-scope';
import { AppError } from '../../platform/errors';
import * as repo from './exchange-rates.repository';

/** numeric(20, 10) comes back as '1.0842000000'; the API shows '1.0842'. */
function storedRate(text: string): string {
  return formatRate(parseScaledSum(text));
}

function toResource(row: repo.ExchangeRateRow): ExchangeRateResource {
  return { currency_id: row.currencyId, currency_code: currencyById(row.currencyId)?.code ?? '', rate: storedRate(row.rate), updated_at: row.updatedAt.toISOString() };
}

async function currencyOfBusiness(tx: Tx, scope: BusinessScope): Promise<number> {
  const currencyId = await repo.businessCurrency(tx, scope);
  if (currencyId === undefined) throw AppError.notFound();
  return currencyId;
}

/**
 * The rate to store on a new invoice or payment in `currencyId`: null in the business's own
 * currency (no conversion) and while no rate was entered for that currency. A caller that has
 * read the business already passes its currency.
 */
export async function rateFor(tx: Tx, scope: BusinessScope, currencyId: number, businessCurrencyId?: number): Promise<string | null> {
  if (currencyId === (businessCurrencyId ?? (await currencyOfBusiness(tx, scope)))) return null;
  const row = await repo.findRate(tx, scope, currencyId);
  return row ? storedRate(row.rate) : null;
}

/** The business's current rates, scaled by 10^10 (domain `parseRate`), by currency id. */
async function currentRates(tx: Tx, scope: BusinessScope): Promise<Map<number, bigint>> {
  return new Map((await repo.listRates(tx, scope)).map((row) => [row.currencyId, parseScaledSum(row.rate)]));
}

/**
 * The conversion every figure across currencies uses (dashboard, invoice statistics, approval
 * amounts): into `currencyId`, the business's currency, at the rates stored on documents or the
 * business's current ones.
 */
export async function converterInto(tx: Tx, scope: BusinessScope, currencyId: number): Promise<CurrencyConverter> {
  return new CurrencyConverter(currencyId, await currentRates(tx, scope));
}

/** Settings → exchange rate: rates entered by hand per currency, per business. */
export function createExchangeRateService(app: AppContext) {
  async function checkedCurrency(tx: Tx, scope: BusinessScope, currencyId: number): Promise<void> {
    if (!currencyById(currencyId)) throw AppError.validation('currency_id', messages.invalidCurrency);
    if (currencyId === (await currencyOfBusiness(tx, scope))) throw AppError.validation('currency_id', messages.businessCurrencyNeedsNoRate);
  }

  return {
    async list(scope: BusinessScope): Promise<ExchangeRateListResponse> {
      return inTenant(app.db, scope.tenantId, async (tx) => ({ data: (await repo.listRates(tx, scope)).map(toResource), business_currency_id: await currencyOfBusiness(tx, scope) }));
    },

    async put(actor: AuditActor, scope: BusinessScope, currencyId: number, input: ExchangeRateRequest): Promise<ExchangeRateResource> {
      const { rate } = exchangeRateRequestSchema.parse(input);
      const scaled = parseRate(rate);
      if (scaled === null) throw AppError.validation('rate', messages.invalidExchangeRate);
      return inTenant(app.db, scope.tenantId, async (tx) => {
        await checkedCurrency(tx, scope, currencyId);
        const before = await repo.findRate(tx, scope, currencyId);
        const row = await repo.upsertRate(tx, scope, currencyId, formatRate(scaled), app.clock.now());
        const after = { currency_id: currencyId, rate: storedRate(row.rate) };
        await recordAudit(tx, actor, {
          model: 'exchange_rate',
          modelId: String(currencyId),
          action: before ? 'updated' : 'created',
          before: before ? { currency_id: currencyId, rate: storedRate(before.rate) } : null,
          after,
        });
        return toResource(row);
      });
    },

    async remove(actor: AuditActor, scope: BusinessScope, currencyId: number): Promise<void> {
      await inTenant(app.db, scope.tenantId, async (tx) => {
        const found = await repo.findRate(tx, scope, currencyId);
        if (!found) throw AppError.notFound();
        await repo.deleteRate(tx, scope, currencyId);
        await recordAudit(tx, actor, { model: 'exchange_rate', modelId: String(currencyId), action: 'deleted', before: { currency_id: currencyId, rate: storedRate(found.rate) } });
      });
    },
  };
}

export type ExchangeRateService = ReturnType<typeof createExchangeRateService>;
