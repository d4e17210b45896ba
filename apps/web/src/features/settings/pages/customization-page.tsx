import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useBusinessSettings } from '../business-settings-queries';
import { EstimateSettingsFields, InvoiceSettingsFields, estimateSettingKeys, invoiceSettingKeys } from '../components/customization-fields';
import { CustomizationForm } from '../components/customization-form';

const TABS = ['invoices', 'estimates', 'payments'] as const;
type Tab = (typeof TABS)[number];

/** Settings → customization: numbering and defaults per document type, the tab kept in the URL. */
export function CustomizationPage() {
  const { t } = useTranslation();
  const settings = useBusinessSettings();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((value) => value === search.get('tab')) ?? 'invoices';

  return (
    <>
      <PageHeader title={t('settings_customization.title')} description={t('settings_customization.description')} />
      <QueryState isPending={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        {settings.data && (
          <Tabs value={tab} onChange={(next) => setSearch(next && next !== 'invoices' ? { tab: next } : {}, { replace: true })}>
            <Tabs.List mb="lg">
              {TABS.map((value) => (
                <Tabs.Tab key={value} value={value}>
                  {t(`settings_customization.tabs.${value}`)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="invoices">
              <CustomizationForm model="invoice" stored={settings.data} keys={invoiceSettingKeys}>
                <InvoiceSettingsFields />
              </CustomizationForm>
            </Tabs.Panel>
            <Tabs.Panel value="estimates">
              <CustomizationForm model="estimate" stored={settings.data} keys={estimateSettingKeys}>
                <EstimateSettingsFields />
              </CustomizationForm>
            </Tabs.Panel>
            <Tabs.Panel value="payments">
              <CustomizationForm model="payment" stored={settings.data} keys={[]} />
            </Tabs.Panel>
          </Tabs>
        )}
      </QueryState>
    </>
  );
}
