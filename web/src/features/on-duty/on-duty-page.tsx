import { Stack, Table, Text } from '@chakra-ui/react';
import type { OnDutyRecord } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { RowActions } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
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
  const form = useRecordForm<OnDutyRecord>();
  const [deleteOnDuty] = useDeleteOnDutyMutation();
  const remove = useDeleteConfirm<OnDutyRecord>(deleteOnDuty, () => notify.success(t('deleted')));

  const columns = [t('id'), t('user'), t('phone'), t('hours'), t('actions')];

  return (
    <PageTitle titleKey="plantao">
      {isAdmin && <SearchAddBar addLabel={t('add')} onAdd={form.openNew} />}
      <PagedTable
        columns={columns}
        isEmpty={!isLoading && entries.length === 0}
        emptyText={t('empty')}
        fetching={isLoading}
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
                  onEdit={() => form.openEdit(entry)}
                  onDelete={() => remove.ask(entry)}
                />
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </PagedTable>
      <OnDutyModal open={form.formOpen} record={form.editing} onClose={form.close} />
      <DeleteConfirmDialog confirm={remove} title={t('deleteTitle')} warning={t('deleteWarning')} />
    </PageTitle>
  );
};
