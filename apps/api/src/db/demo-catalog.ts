import type { ItemRequest, NoteRequest, TaxTypeRequest } from '@app/contracts';
import type { AppContext } from '../platform/app-context';
import type { AuditActor } from '../platform/audit';
import type { BusinessScope } from '../platform/business-scope';
import { createItemUnitService } from '../modules/item-units/item-units.service';
import { createItemService } from '../modules/items/items.service';
import { createNoteService } from '../modules/notes/notes.service';
import { createPaymentModeService } from '../modules/payment-modes/payment-modes.service';
import { createTaxTypeService } from '../modules/tax-types/tax-types.service';

const UNITS = ['hour', 'piece', 'day'] as const;

const TAX_TYPES = [
  { name: 'VAT 19%', percent: '19', description: 'Standard value added tax' },
  { name: 'GST 5%', percent: '5', description: 'Goods and services tax' },
  { name: 'QST 9.975%', percent: '9.975', description: 'Quebec sales tax', compound_tax: false },
] as const satisfies readonly TaxTypeRequest[];

type DemoItem = { name: string; description: string; price: number; unit: (typeof UNITS)[number]; taxes: readonly (typeof TAX_TYPES)[number]['name'][] };

/** Prices in minor units of the demo business's currency (USD). */
const ITEMS: readonly DemoItem[] = [
  { name: 'Consulting', description: 'Advisory work, billed by the hour', price: 12_500, unit: 'hour', taxes: ['VAT 19%'] },
  { name: 'Workshop day', description: 'On-site training for up to 12 people', price: 180_000, unit: 'day', taxes: ['GST 5%', 'QST 9.975%'] },
  { name: 'USB-C cable', description: '2 m, braided', price: 1_299, unit: 'piece', taxes: ['VAT 19%'] },
];

const NOTES = [
  { type: 'Invoice', name: 'Payment terms', notes: 'Payment is due within 30 days of the invoice date. Thank you for your business.' },
  { type: 'Estimate', name: 'Estimate validity', notes: 'This estimate is valid for 30 days.' },
  { type: 'Payment', name: 'Payment received', notes: 'Thank you, we have received your payment.' },
] as const satisfies readonly NoteRequest[];

const PAYMENT_MODES = ['Cash', 'Check', 'Bank transfer', 'Credit card'] as const;

type Named = { id: string; name: string };
type Lister = (search: string) => Promise<{ data: readonly Named[] }>;

/** The id of the record called `name`, created with `create` only when there is none yet. */
async function ensure(list: Lister, name: string, create: () => Promise<Named>): Promise<string> {
  const found = (await list(name)).data.find((row) => row.name.toLowerCase() === name.toLowerCase());
  return (found ?? (await create())).id;
}

/**
 * The demo business's catalogue: units, tax types, items using them, a note of each type and
 * the usual payment modes. Created through the services (validated and audited like any user
 * input), and only what is missing, so a restart adds nothing.
 */
export async function seedDemoCatalog(app: AppContext, actor: AuditActor, scope: BusinessScope): Promise<void> {
  const units = createItemUnitService(app);
  const taxTypes = createTaxTypeService(app);
  const items = createItemService(app);
  const notes = createNoteService(app);
  const modes = createPaymentModeService(app);
  const page = (search: string) => ({ page: 1, limit: 15, search });

  const unitIds = new Map<string, string>();
  for (const name of UNITS) unitIds.set(name, await ensure((s) => units.list(scope, page(s)), name, () => units.create(actor, scope, { name })));
  const taxIds = new Map<string, string>();
  for (const tax of TAX_TYPES) taxIds.set(tax.name, await ensure((s) => taxTypes.list(scope, page(s)), tax.name, () => taxTypes.create(actor, scope, tax)));

  for (const item of ITEMS) {
    const body: ItemRequest = {
      name: item.name,
      description: item.description,
      price: item.price,
      unit_id: unitIds.get(item.unit) ?? null,
      taxes: item.taxes.flatMap((name) => {
        const id = taxIds.get(name);
        return id ? [{ tax_type_id: id }] : [];
      }),
    };
    await ensure((s) => items.list(scope, page(s)), item.name, () => items.create(actor, scope, body));
  }
  for (const note of NOTES) await ensure((s) => notes.list(scope, page(s)), note.name, () => notes.create(actor, scope, note));
  for (const name of PAYMENT_MODES) await ensure((s) => modes.list(scope, page(s)), name, () => modes.create(actor, scope, { name }));
}
