import { Box, Button, HStack, Table, Text } from '@chakra-ui/react';
import type { Queue } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable } from '../../components/paged-table.js';
import { RowActionsCell } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { QueueModal } from './queue-modal.js';
import { useDeleteQueueMutation, useListQueuesQuery } from './queues.api.js';

/** /queues (spec 2 §2 Queues): ID, name, colour, order, greeting; add, edit, delete with confirmation. */
export const QueuesPage = () => {
  const { t } = useTranslation('queues');
  const viewer = useAppSelector(selectUser);
  const { data: queues = [], isLoading } = useListQueuesQuery();
  const form = useRecordForm<Queue>();
  const [deleteQueue] = useDeleteQueueMutation();
  const remove = useDeleteConfirm<Queue>(deleteQueue, () => notify.success(t('deleted')));
  const scheduleType = viewer?.company.companieSettings.find(
    (s) => s.key === 'scheduleType',
  )?.value;

  return (
    <PageTitle titleKey="queues">
      <HStack mb="4" justify="space-between">
        <Text fontWeight="medium" data-testid="queues-count">
          {t('count', { count: queues.length })}
        </Text>
        <Button colorPalette="brand" onClick={form.openNew}>
          <LuPlus /> {t('add')}
        </Button>
      </HStack>
      <PagedTable
        columns={[
          t('id'),
          t('name'),
          t('color'),
          t('orderQueue'),
          t('greetingMessage'),
          t('actions'),
        ]}
        isEmpty={!isLoading && queues.length === 0}
        emptyText={t('empty')}
        emptyNext={{ to: '/connections', label: t('emptyNext') }}
        fetching={isLoading}
      >
        {queues.map((queue) => (
          <Table.Row key={queue.id} data-testid="queue-row">
            <Table.Cell>{queue.id}</Table.Cell>
            <Table.Cell>{queue.name}</Table.Cell>
            <Table.Cell>
              <Box
                w="16"
                h="5"
                rounded="sm"
                bg={queue.color}
                title={queue.color}
                aria-label={queue.color}
              />
            </Table.Cell>
            <Table.Cell>{queue.orderQueue ?? '—'}</Table.Cell>
            <Table.Cell maxW="sm">
              <Text truncate>{queue.greetingMessage}</Text>
            </Table.Cell>
            <RowActionsCell record={queue} onEdit={form.openEdit} onDelete={remove.ask} />
          </Table.Row>
        ))}
      </PagedTable>
      <QueueModal
        open={form.formOpen}
        queue={form.editing}
        showSchedules={scheduleType === 'queue'}
        onClose={form.close}
      />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { name: remove.toDelete?.name ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
