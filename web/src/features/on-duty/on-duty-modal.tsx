import { Field, Input, SimpleGrid, Table, Text } from '@chakra-ui/react';
import type { OnDutyDay, OnDutyRecord } from '@sb/contracts';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { SelectField, TextField } from '../../components/form-fields.js';
import { notify } from '../../components/toaster.js';
import { useGetUserPickerQuery } from '../users/users.api.js';
import { bodyOf, draftOf, onDutyFormErrors, type OnDutyFieldErrors } from './on-duty-form.js';
import { useCreateOnDutyMutation, useUpdateOnDutyMutation } from './on-duty.api.js';

type TimeField = 'startTime' | 'endTime';
const TimeFields: TimeField[] = ['startTime', 'endTime'];

/** the errors of a fresh draft */
const noErrors: OnDutyFieldErrors = {};

/**
 * Add/edit modal of /plantao (spec 3 §2.17, §5): the on-duty person (GET /users/list), the phone that
 * gets the alerts, the interval between two alerts of a waiting ticket (minutes, default 1) and, per
 * weekday, the start and end of the duty window. The API checks the same rules.
 */
export const OnDutyModal = ({
  open,
  record,
  onClose,
}: {
  open: boolean;
  record: OnDutyRecord | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('plantao');
  const { t: tc } = useTranslation('common');
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOf,
    noErrors,
  );
  const { data: users = [] } = useGetUserPickerQuery(undefined, { skip: !open });
  const [create] = useCreateOnDutyMutation();
  const [update] = useUpdateOnDutyMutation();

  const setDay = (index: number, change: Partial<OnDutyDay>) =>
    setDraft((d) => ({
      ...d,
      days: d.days.map((day, i) => (i === index ? { ...day, ...change } : day)),
    }));

  // the saved user stays choosable even when the picker no longer lists them
  const options = [...users];
  if (record && !users.some((u) => u.id === record.userId)) {
    options.unshift({ ...record.user } as (typeof users)[number]);
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failing = onDutyFormErrors(draft);
    setErrors(failing);
    if (Object.keys(failing).length > 0) return;
    await save(async () => {
      const body = bodyOf(draft);
      if (record) await update({ ...body, id: record.id }).unwrap();
      else await create(body).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  return (
    <RecordFormDialog ns="plantao" {...dialog} onSubmit={submit} testId="on-duty-form">
      <SelectField
        label={t('user')}
        namedControl
        required
        error={errors.userId && t(errors.userId)}
        value={draft.userId}
        onChange={(userId) => setDraft((d) => ({ ...d, userId }))}
        placeholder={t('chooseUser')}
        options={options.map((user) => [user.id, user.name] as const)}
      />
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField
          label={t('phone')}
          required
          error={errors.phone && t(errors.phone)}
          value={draft.phone}
          onChange={(phone) => setDraft((d) => ({ ...d, phone }))}
          input={{ type: 'tel', placeholder: '5511999999999' }}
        />
        <TextField
          label={t('interval')}
          required
          // the hint gives way to the error
          helper={errors.interval ? undefined : t('intervalHelp')}
          error={errors.interval && t(errors.interval)}
          input={{ type: 'number', min: 1, step: 1 }}
          value={draft.interval}
          onChange={(interval) => setDraft((d) => ({ ...d, interval }))}
        />
      </SimpleGrid>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{tc('schedule.weekday')}</Table.ColumnHeader>
            {TimeFields.map((field) => (
              <Table.ColumnHeader key={field}>{t(field)}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {draft.days.map((day, index) => {
            const name = tc(`schedule.weekdays.${day.weekdayEn}`);
            return (
              <Table.Row key={day.weekdayEn}>
                <Table.Cell>{name}</Table.Cell>
                {TimeFields.map((field) => {
                  const error = errors[`days.${index}.${field}`];
                  return (
                    <Table.Cell key={field}>
                      <Field.Root invalid={!!error}>
                        <Input
                          size="sm"
                          type="time"
                          aria-label={`${name} ${t(field)}`}
                          value={day[field]}
                          onChange={(e) => setDay(index, { [field]: e.target.value })}
                        />
                        {error && <Field.ErrorText>{t(error)}</Field.ErrorText>}
                      </Field.Root>
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {errors.days && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {t(errors.days)}
        </Text>
      )}
    </RecordFormDialog>
  );
};
