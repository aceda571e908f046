import { Box, Button, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import type { Queue } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { QueueModal } from './queue-modal.js';
import { useDeleteQueueMutation, useListQueuesQuery } from './queues.api.js';

/** /queues (spec 2 §2 Queues): ID, name, colour, order, greeting; add, edit, delete with confirmation. */
export const QueuesPage = () => {
  const { t } = useTranslation('queues');
  const viewer = useAppSelector(selectUser);
  const { data: queues = [], isLoading } = useListQueuesQuery();
  const [editing, setEditing] = useState<Queue | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Queue | null>(null);
  const [deleteQueue, deleting] = useDeleteQueueMutation();
  const scheduleType = viewer?.company.companieSettings.find(
    (s) => s.key === 'scheduleType',
  )?.value;

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteQueue(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  return (
    <PageTitle titleKey="queues">
      <HStack mb="4" justify="space-between">
        <Text fontWeight="medium" data-testid="queues-count">
          {t('count', { count: queues.length })}
        </Text>
        <Button
          colorPalette="brand"
          onClick={() => {
            setEditing(null);
            setModalOpen(true);
          }}
        >
          <LuPlus /> {t('add')}
        </Button>
      </HStack>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="calc(100vh - 14rem)">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('id')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('color')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('orderQueue')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('greetingMessage')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {!isLoading && queues.length === 0 && (
              <Table.Row>
                <Table.Cell colSpan={6}>
                  <Text color="fg.muted">{t('empty')}</Text>
                </Table.Cell>
              </Table.Row>
            )}
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
                <Table.Cell>
                  <RowActions
                    onEdit={() => {
                      setEditing(queue);
                      setModalOpen(true);
                    }}
                    onDelete={() => setToDelete(queue)}
                  />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {isLoading && <Spinner size="sm" m="3" />}
      </Table.ScrollArea>
      <QueueModal
        open={modalOpen}
        queue={editing}
        showSchedules={scheduleType === 'queue'}
        onClose={() => setModalOpen(false)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
