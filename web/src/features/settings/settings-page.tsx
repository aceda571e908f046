import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { selectUser } from '../auth/session.slice.js';
import { CompaniesTab } from '../companies/companies-tab.js';
import { HelpsTab } from '../helps/helps-tab.js';
import { PlansTab } from '../plans/plans-tab.js';
import { OptionsTab } from './options-tab.js';
import { SchedulesTab } from './schedules-tab.js';
import { useGetSettingsQuery } from './settings.api.js';

/** /settings: options; schedules when scheduleType is company; companies, plans and helps for the super user. */
export const SettingsPage = () => {
  const { t } = useTranslation('settings');
  const user = useAppSelector(selectUser);
  const { data: settings } = useGetSettingsQuery();
  if (!user) return null;
  const scheduleType = settings?.find((s) => s.key === 'scheduleType')?.value;
  return (
    <PageTitle titleKey="settings">
      <Tabs.Root defaultValue="options" lazyMount unmountOnExit>
        <Tabs.List>
          <Tabs.Trigger value="options">{t('tabs.options')}</Tabs.Trigger>
          {scheduleType === 'company' && (
            <Tabs.Trigger value="schedules">{t('tabs.schedules')}</Tabs.Trigger>
          )}
          {user.super && <Tabs.Trigger value="companies">{t('tabs.companies')}</Tabs.Trigger>}
          {user.super && <Tabs.Trigger value="plans">{t('tabs.plans')}</Tabs.Trigger>}
          {user.super && <Tabs.Trigger value="helps">{t('tabs.helps')}</Tabs.Trigger>}
        </Tabs.List>
        <Tabs.Content value="options">
          <OptionsTab />
        </Tabs.Content>
        {scheduleType === 'company' && (
          <Tabs.Content value="schedules">
            <SchedulesTab companyId={user.companyId} />
          </Tabs.Content>
        )}
        {user.super && (
          <Tabs.Content value="companies">
            <CompaniesTab />
          </Tabs.Content>
        )}
        {user.super && (
          <Tabs.Content value="plans">
            <PlansTab />
          </Tabs.Content>
        )}
        {user.super && (
          <Tabs.Content value="helps">
            <HelpsTab />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </PageTitle>
  );
};
