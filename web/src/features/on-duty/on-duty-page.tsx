import { Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { OnDutyRecord } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuPlus } from 'react-icons/lu';
import { useAppSelector } from '../../app/hooks.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify, toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import { windowsOf } from './on-duty-form.js';
import { OnDutyModal } from './on-duty-modal.js';
import { useDeleteOnDutyMutation, useListOnDutyQuery } from './on-duty.api.js';

/**
 * /plantao (spec 3 §2.17): id, on-duty person, phone, hours (one line per weekday with both times:
 * "weekday - start às end"), actions. Every member reads; admins add, edit and delete (the API refuses
 * the others), a delete after the "Remover plantonista" confirmation.
 */
export const OnDutyPage = () => {
  const { t } = useTranslation('plantao');
  const { t: tc } = useTranslation('common');
  const viewer = useAppSelector(selectUser);
  const isAdmin = !!viewer && (viewer.super || viewer.profile === 'admin');
  const { data: entries = [], isLoading } = useListOnDutyQuery();
  const [editing, setEditing] = useState<OnDutyRecord | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [toDelete, setToDelete] = useState<OnDutyRecord | null>(null);
  const [deleteOnDuty, deleting] = useDeleteOnDutyMutation();

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteOnDuty(toDelete.id).unwrap();
      notify.success(t('deleted'));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
  };

  const columns = [t('id'), t('user'), t('phone'), t('hours'), t('actions')];

  return (
    <PageTitle titleKey="plantao">
      {isAdmin && (
        <HStack mb="4" justify="end">
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
      )}
      <PagedTable
        columns={columns}
        isEmpty={!isLoading && entries.length === 0}
        emptyText={t('empty')}
        fetching={isLoading}
        hasMore={false}
        onNextPage={() => undefined}
      >
        {entries.map((entry) => (
          <Table.Row key={entry.id} data-testid="on-duty-row">
            <Table.Cell>{entry.id}</Table.Cell>
            <Table.Cell>{entry.user.name}</Table.Cell>
            <Table.Cell>{entry.phone}</Table.Cell>
            <Table.Cell>
              <Stack gap="0">
                {windowsOf(entry.days).map((day) => (
                  <Text key={day.weekdayEn} fontSize="sm">
                    {t('hoursLine', {
                      weekday: tc(`schedule.weekdays.${day.weekdayEn}`),
                      start: day.startTime,
                      end: day.endTime,
                    })}
                  </Text>
                ))}
              </Stack>
            </Table.Cell>
            <Table.Cell>
              {isAdmin && (
                <RowActions
                  onEdit={() => {
                    setEditing(entry);
                    setModalOpen(true);
                  }}
                  onDelete={() => setToDelete(entry)}
                />
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <OnDutyModal open={modalOpen} record={editing} onClose={() => setModalOpen(false)} />
      <ConfirmDialog
        open={toDelete !== null}
        title={t('deleteTitle')}
        busy={deleting.isLoading}
        onConfirm={() => void confirmDelete()}
        onClose={() => setToDelete(null)}
      >
        {t('deleteWarning')}
      </ConfirmDialog>
    </PageTitle>
  );
};
