import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type LoanProduct, loanProducts } from '@app/contracts';
import { ListTabs } from '../../../components/data-table/list-tabs';
import { useListQueryState } from '../../../components/data-table/use-list-query-state';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { ApprovedInvoiceAmount } from '../components/approved-invoice-amount';
import { LoanMovements } from '../components/loan-movements';
import { LoansTable } from '../components/loans-table';
import { OutstandingBalances } from '../components/outstanding-balances';
import { useLoanStats, useLoans } from '../financing-queries';
import { readLoanProduct } from '../loan-products';
import { ExportButton } from '../../exports';

const FILTER_KEYS = ['tab'] as const;

/** One product's balances, headroom (factoring), loans and movements. */
function ProductBalance({ product, page }: { product: LoanProduct; page: number }) {
  const { t } = useTranslation();
  const stats = useLoanStats(product);
  const loans = useLoans(product, page);
  const balances = stats.data?.balances.filter((balance) => balance.product === product) ?? [];
  return (
    <Stack gap="xl">
      <Stack gap="sm" component="section" aria-labelledby="outstanding-title">
        <Title order={2} fz="h3" id="outstanding-title">
          {t('financing.balance.title')}
        </Title>
        <QueryState isPending={stats.isPending} error={stats.error} onRetry={() => void stats.refetch()}>
          <OutstandingBalances balances={balances} />
        </QueryState>
      </Stack>
      {product === 'factoring' && <ApprovedInvoiceAmount />}
      <Stack gap="sm" component="section" aria-labelledby="loans-title">
        <Title order={2} fz="h3" id="loans-title">
          {t('financing.loans.title')}
        </Title>
        <LoansTable query={loans} />
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="movements-title">
        <Title order={2} fz="h3" id="movements-title">
          {t('financing.movements.title')}
        </Title>
        <LoanMovements product={product} />
      </Stack>
    </Stack>
  );
}

/** Loan balance (spec section 2): a tab per product, buy now pay later first unless the URL names factoring. */
export function LoanBalancePage() {
  const { t } = useTranslation();
  const list = useListQueryState(FILTER_KEYS);
  const product = readLoanProduct(list.filters.tab || null);
  return (
    <>
      <PageHeader title={t('financing.title')} description={t('financing.description')} actions={<ExportButton type="loans" filters={{ product }} />} />
      <Stack gap="lg">
        <ListTabs value={product} values={loanProducts} label={(value) => t(`financing.products.${value}`)} onChange={(tab) => list.update({ tab })} />
        <ProductBalance key={product} product={product} page={list.page} />
      </Stack>
    </>
  );
}
