import { Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { selectUser } from '../auth/session.slice.js';
import { CompaniesTab } from '../companies/companies-tab.js';
import { HelpsTab } from '../helps/helps-tab.js';
import { PlansTab } from '../plans/plans-tab.js';
import { TenantOperationsTab } from '../tenant-operations/tenant-operations-tab.js';
import { OptionsTab } from './options-tab.js';
import { SchedulesTab } from './schedules-tab.js';
import { useGetSettingsQuery } from './settings.api.js';

/**
 * /settings: options; schedules when scheduleType is company; companies, plans, helps and tenant
 * operations for the super user.
 */
export const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery();
  const [tab, setTab] = useState('options');
  if (!user) return null;
  const scheduleType = settings?.find((s) => s.key === 'scheduleType')?.value;
  return (
    <PageTitle titleKey="settings">
      {/* only the chosen panel is rendered: Chakra's presence left a closed panel on screen above it */}
      <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value)}>
        <Tabs.List>
          <Tabs.Trigger value="options">{t('tabs.options')}</Tabs.Trigger>
          {scheduleType === 'company' && (
            <Tabs.Trigger value="schedules">{t('tabs.schedules')}</Tabs.Trigger>
          )}
          {user.super && <Tabs.Trigger value="companies">{t('tabs.companies')}</Tabs.Trigger>}
          {user.super && <Tabs.Trigger value="plans">{t('tabs.plans')}</Tabs.Trigger>}
          {user.super && <Tabs.Trigger value="helps">{t('tabs.helps')}</Tabs.Trigger>}
          {user.super && <Tabs.Trigger value="operations">{t('tabs.operations')}</Tabs.Trigger>}
        </Tabs.List>
        {tab === 'options' && (
          <Tabs.Content value="options">
            <OptionsTab />
          </Tabs.Content>
        )}
        {scheduleType === 'company' && tab === 'schedules' && (
          <Tabs.Content value="schedules">
            <SchedulesTab companyId={user.companyId} />
          </Tabs.Content>
        )}
        {user.super && tab === 'companies' && (
          <Tabs.Content value="companies">
            <CompaniesTab />
          </Tabs.Content>
        )}
        {user.super && tab === 'plans' && (
          <Tabs.Content value="plans">
            <PlansTab />
          </Tabs.Content>
        )}
        {user.super && tab === 'helps' && (
          <Tabs.Content value="helps">
            <HelpsTab />
          </Tabs.Content>
        )}
        {user.super && tab === 'operations' && (
          <Tabs.Content value="operations">
            <TenantOperationsTab />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </PageTitle>
  );
};
