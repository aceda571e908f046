import { Badge, Table, Text } from '@chakra-ui/react';
import { scheduleBodyPreview, type ScheduleRecord, type ScheduleStatus } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.js';
import { DeleteConfirmDialog } from '../../components/confirm-dialog.js';
import { PageTitle } from '../../components/page-title.js';
import { usePagedList } from '../../components/paged-search.js';
import { PagedTable, SearchAddBar } from '../../components/paged-table.js';
import { RowActions } from '../../components/row-actions.js';
import { notify } from '../../components/toaster.js';
import { useDeleteConfirm, useRecordForm } from '../../components/record-dialogs.js';
import { selectUser } from '../auth/session.slice.js';
import { ScheduleDialog } from './schedule-dialog.js';
import { formatSendTime } from './schedule-form.js';
import { useDeleteScheduleMutation, usePageSchedulesQuery } from './schedules.api.js';

const statusPalette: Record<ScheduleStatus, string> = {
  PENDENTE: 'yellow',
  ENVIADA: 'green',
  ERRO: 'red',
};

/** A positive id from the address (`?contactId=12`), else null. */
const idParam = (value: string | null): number | null => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

/**
 * /schedules (spec 3 §2.8; plan flag useSchedules): search, add, edit, delete. Columns contact, body cut
 * to 25 characters, send time DD/MM/YYYY HH:mm:ss, status (an ERRO one says why, under the badge and
 * in its title), actions.
 * Agents see their own schedules, admins the company's; a schedule changes only while it waits, and only
 * admins delete. `?contactId=` opens the add dialog for that contact.
 */
export const SchedulesPage = () => {
  const { t } = useTranslation('schedules');
  const { t: te } = useTranslation('errors');
  const viewer = useAppSelector(selectUser);
  const isAdmin = !!viewer && (viewer.super || viewer.profile === 'admin');
  const [params, setParams] = useSearchParams();
  const form = useRecordForm<ScheduleRecord>();
  const { openNew } = form;
  const [prefillContact, setPrefillContact] = useState<number | null>(null);
  const [deleteSchedule] = useDeleteScheduleMutation();
  const remove = useDeleteConfirm<ScheduleRecord>(deleteSchedule, () =>
    notify.success(t('deleted')),
  );
  const list = usePagedList(usePageSchedulesQuery, {}, { rowsOf: (page) => page.schedules });

  // ?contactId= opens the add dialog for that contact, once (the parameter is then dropped)
  const addressContact = idParam(params.get('contactId'));
  useEffect(() => {
    if (addressContact === null) return;
    setPrefillContact(addressContact);
    openNew();
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('contactId');
        return next;
      },
      { replace: true },
    );
  }, [addressContact, setParams, openNew]);

  return (
    <PageTitle titleKey="schedules">
      <SearchAddBar
        {...list.searchBox}
        searchLabel={t('search')}
        addLabel={t('add')}
        onAdd={() => {
          setPrefillContact(null);
          form.openNew();
        }}
      />
      <PagedTable
        columns={[t('contact'), t('body'), t('sendAt'), t('status'), t('actions')]}
        emptyText={t('empty')}
        {...list.table}
      >
        {list.rows.map((schedule) => {
          const failure =
            schedule.status === 'ERRO'
              ? te(schedule.error ?? 'ERR_INTERNAL', { defaultValue: t('failed') })
              : undefined;
          const editable = schedule.status === 'PENDENTE';
          return (
            <Table.Row key={schedule.id} data-testid="schedule-row">
              <Table.Cell>{schedule.contact.name}</Table.Cell>
              <Table.Cell title={schedule.body}>{scheduleBodyPreview(schedule.body)}</Table.Cell>
              <Table.Cell>{formatSendTime(schedule.sendAt)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={statusPalette[schedule.status]} title={failure}>
                  {t(`statuses.${schedule.status}`)}
                </Badge>
                {failure && (
                  <Text fontSize="xs" color="fg.error" maxW="64" data-testid="schedule-error">
                    {failure}
                  </Text>
                )}
              </Table.Cell>
              <Table.Cell>
                <RowActions
                  {...(editable
                    ? {
                        onEdit: () => {
                          setPrefillContact(null);
                          form.openEdit(schedule);
                        },
                      }
                    : {})}
                  {...(isAdmin ? { onDelete: () => remove.ask(schedule) } : {})}
                />
              </Table.Cell>
            </Table.Row>
          );
        })}
      </PagedTable>
      <ScheduleDialog
        open={form.formOpen}
        record={form.editing}
        contactId={prefillContact}
        onClose={form.close}
      />
      <DeleteConfirmDialog
        confirm={remove}
        title={t('deleteTitle', { contact: remove.toDelete?.contact.name ?? '' })}
        warning={t('deleteWarning')}
      />
    </PageTitle>
  );
};
