import { Button, CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import type { ChannelKind, ConnectionRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { WeeklyScheduleTable } from '../../components/weekly-schedule-table.js';
import { ConnectionAssessmentsTab, ConnectionChatbotTab } from './connection-chatbot-tab.js';
import { ConnectionTabs, type ConnectionTab } from './connection-form.js';
import { ConnectionGeneralTab } from './connection-general-tab.js';
import { ConnectionIntegrationsTab } from './connection-integrations-tab.js';
import { ConnectionMessagesTab } from './connection-messages-tab.js';
import { SendLimitsFields } from './send-limits-fields.js';
import { useConnectionForm } from './use-connection-form.js';

/**
 * Add/edit dialog of /connections, with the tabs of spec 2 §2: general (name, default, the Cloud API
 * secrets of a whatsappapi connection, API token, groups and group tickets, queues and the history
 * import options of a Baileys connection), integrations, messages with the greeting media (once
 * saved), chatbot (bot attempts, queue transfer, closing idle tickets, inactivity messages, reopening),
 * assessments (rating message and its attempts and expiry), and schedules when the company's schedule
 * type is "connection". The secrets are write-only: never shown back. The integrations tab links a queue
 * integration (plan flag useIntegration) and an AI prompt (plan flag useOpenAi); a link the plan lacks is
 * neither shown nor sent, and provider is never sent, so the server keeps them. A refused save opens the
 * tab of the field at fault and shows the server's message under it. The state and the save live in
 * useConnectionForm, each tab in its own file.
 */
export const ConnectionModal = (props: {
  open: boolean;
  connection: ConnectionRecord | null;
  channel: ChannelKind;
  onClose: () => void;
}) => {
  const { open, connection, onClose } = props;
  const { t } = useTranslation('connections');
  const form = useConnectionForm(props);
  const { showSchedules, showCampaigns } = form;

  return (
    <Dialog.Root open={open} onOpenChange={(e) => !e.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="connection-modal">
            <form onSubmit={(e) => void form.submit(e)} noValidate>
              <Dialog.Header>
                <Dialog.Title>{connection ? t('edit') : t(`add.${form.kind}`)}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Tabs.Root
                  value={form.tab}
                  onValueChange={(e) => form.setTab(e.value as ConnectionTab)}
                >
                  <Tabs.List>
                    {ConnectionTabs.filter(
                      (key) =>
                        (key !== 'schedules' || showSchedules) &&
                        (key !== 'campaigns' || showCampaigns),
                    ).map((key) => (
                      <Tabs.Trigger key={key} value={key}>
                        {t(`tabs.${key}`)}
                      </Tabs.Trigger>
                    ))}
                  </Tabs.List>
                  <Tabs.Content value="general">
                    <ConnectionGeneralTab form={form} />
                  </Tabs.Content>
                  <Tabs.Content value="integrations">
                    <ConnectionIntegrationsTab form={form} />
                  </Tabs.Content>
                  <Tabs.Content value="messages">
                    <ConnectionMessagesTab form={form} />
                  </Tabs.Content>
                  <Tabs.Content value="chatbot">
                    <ConnectionChatbotTab form={form} />
                  </Tabs.Content>
                  <Tabs.Content value="assessments">
                    <ConnectionAssessmentsTab form={form} />
                  </Tabs.Content>
                  {showSchedules && (
                    <Tabs.Content value="schedules">
                      <WeeklyScheduleTable
                        rows={form.draft.schedules}
                        onChange={form.setSchedule}
                      />
                    </Tabs.Content>
                  )}
                  {showCampaigns && (
                    <Tabs.Content value="campaigns">
                      <SendLimitsFields
                        value={form.draft.sendLimits}
                        onChange={form.setSendLimits}
                        error={form.fieldErrors.sendLimits}
                      />
                    </Tabs.Content>
                  )}
                </Tabs.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {t('cancel')}
                </Button>
                <Button type="submit" colorPalette="brand" loading={form.saving}>
                  {t('save')}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
