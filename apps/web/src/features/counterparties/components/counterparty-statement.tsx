import { useState } from 'react';
import { Anchor, Card, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CounterpartyKind, StatementLine } from '@app/contracts';
import { DateField } from '../../../components/date-field';
import { QueryState } from '../../../components/query-state';
import { documentLinks } from '../../../lib/document-kinds';
import { formatDate } from '../../../lib/format';
import { formatDocumentMoney } from '../../../lib/money';
import { companyPaths } from '../../../lib/paths';
import { useCan } from '../../../lib/session';
import { useCounterpartyStatement } from '../counterparties-queries';

/** Reading a statement needs every ability of what it lists (the server checks the same). */
const STATEMENT_ABILITIES = ['view-invoice', 'view-estimate', 'view-payment'] as const;

function lineLink(line: StatementLine): string {
  if (line.kind === 'payment') return `${companyPaths.payments}/${encodeURIComponent(line.id)}/view`;
  return documentLinks.view(line.kind, line.id);
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

/**
 * The counterparty's statement on its view page: opening balance, each invoice, estimate and
 * payment of the period with the running balance, closing balance (all computed by the server).
 */
export function CounterpartyStatement({ kind, id }: { kind: CounterpartyKind; id: string }) {
  const { t } = useTranslation();
  const can = useCan('business');
  const allowed = STATEMENT_ABILITIES.every((ability) => can(ability));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const statement = useCounterpartyStatement(kind, id, from, to, allowed);
  if (!allowed) return null;
  const data = statement.data;
  const money = (minor: number, currencyId = data?.currency_id ?? 1) => formatDocumentMoney(minor, currencyId);

  return (
    <Card withBorder component="section" aria-labelledby="statement-title">
      <Group justify="space-between" align="flex-end" mb="sm">
        <Title order={2} fz="h5" id="statement-title">
          {t('counterparties.statement.title')}
        </Title>
        <Group>
          <DateField label={t('counterparties.statement.from')} w={170} value={from || (data?.from ?? '')} max={to || data?.to} onChange={setFrom} />
          <DateField label={t('counterparties.statement.to')} w={170} value={to || (data?.to ?? '')} min={from || data?.from} onChange={setTo} />
        </Group>
      </Group>
      <QueryState isPending={statement.isPending} error={statement.error} onRetry={() => void statement.refetch()}>
        {data && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
              <Figure label={t('counterparties.statement.opening_balance')} value={money(data.opening_balance)} />
              <Figure label={t('counterparties.statement.charges')} value={money(data.charges)} />
              <Figure label={t('counterparties.statement.payments')} value={money(data.payments)} />
              <Figure label={t('counterparties.statement.closing_balance')} value={money(data.closing_balance)} />
            </SimpleGrid>
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('counterparties.statement.date')}</Table.Th>
                    <Table.Th>{t('counterparties.statement.line')}</Table.Th>
                    <Table.Th ta="right">{t('counterparties.statement.charge')}</Table.Th>
                    <Table.Th ta="right">{t('counterparties.statement.payment')}</Table.Th>
                    <Table.Th ta="right">{t('counterparties.statement.balance')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{formatDate(data.from)}</Table.Td>
                    <Table.Td>{t('counterparties.statement.opening_balance')}</Table.Td>
                    <Table.Td />
                    <Table.Td />
                    <Table.Td ta="right">{money(data.opening_balance)}</Table.Td>
                  </Table.Tr>
                  {data.lines.map((line) => (
                    <Table.Tr key={`${line.kind}-${line.id}`}>
                      <Table.Td>{formatDate(line.date)}</Table.Td>
                      <Table.Td>
                        {t(`counterparties.statement.kind.${line.kind}`)}{' '}
                        <Anchor component={Link} to={lineLink(line)} size="sm">
                          {line.number}
                        </Anchor>
                        {line.kind === 'estimate' && (
                          <Text span size="sm" c="dimmed">
                            {' '}
                            ({money(line.amount, line.currency_id)})
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right">{line.charge ? money(line.charge) : ''}</Table.Td>
                      <Table.Td ta="right">{line.payment ? money(line.payment) : ''}</Table.Td>
                      <Table.Td ta="right">{money(line.balance)}</Table.Td>
                    </Table.Tr>
                  ))}
                  <Table.Tr>
                    <Table.Td>{formatDate(data.to)}</Table.Td>
                    <Table.Td fw={600}>{t('counterparties.statement.closing_balance')}</Table.Td>
                    <Table.Td />
                    <Table.Td />
                    <Table.Td ta="right" fw={600}>
                      {money(data.closing_balance)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {data.lines.length === 0 && (
              <Text size="sm" c="dimmed" mt="xs">
                {t('counterparties.statement.empty')}
              </Text>
            )}
          </>
        )}
      </QueryState>
    </Card>
  );
}
