import { Field, Input, NativeSelect } from '@chakra-ui/react';
import type { ScheduleRecord } from '@sb/contracts';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordFormDialog } from '../../components/form-dialog.js';
import { useRecordDraft } from '../../components/record-dialogs.js';
import { TextField } from '../../components/form-fields.js';
import { useDebounced } from '../../components/paged-search.js';
import { notify } from '../../components/toaster.js';
import { useGetContactQuery } from '../contacts/contacts.api.js';
import {
  defaultSendAt,
  scheduleFormErrors,
  toLocalInput,
  type ScheduleDraft,
  type ScheduleFieldErrors,
} from './schedule-form.js';
import {
  useCreateScheduleMutation,
  usePickScheduleContactsQuery,
  useUpdateScheduleMutation,
} from './schedules.api.js';

const draftOf = (record: ScheduleRecord | null, contactId: number | null): ScheduleDraft => ({
  body: record?.body ?? '',
  contactId: record?.contactId ?? contactId,
  sendAt: record ? toLocalInput(new Date(record.sendAt)) : defaultSendAt(),
});

/** the errors of a fresh draft */
const noErrors: ScheduleFieldErrors = {};

/**
 * Add/edit dialog of /schedules (spec 3 §2.8, spec 1 §5): the contact (searched by name or number, or
 * prefilled from `?contactId=`), the message (5 characters or more) and the send time (one hour ahead
 * by default). The owner is the caller; the API checks the same rules.
 */
export const ScheduleDialog = ({
  open,
  record,
  contactId,
  onClose,
}: {
  open: boolean;
  record: ScheduleRecord | null;
  /** a contact chosen beforehand (the page's contactId query parameter) */
  contactId: number | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation('schedules');
  const draftOfRecord = useCallback(
    (record: ScheduleRecord | null) => draftOf(record, contactId),
    [contactId],
  );
  const { draft, setDraft, errors, setErrors, save, dialog } = useRecordDraft(
    { open, record, onClose },
    draftOfRecord,
    noErrors,
  );
  const [search, setSearch] = useState('');
  const searchParam = useDebounced(search.trim());
  const [create] = useCreateScheduleMutation();
  const [update] = useUpdateScheduleMutation();
  const { data: found = [] } = usePickScheduleContactsQuery(searchParam, { skip: !open });
  // the chosen contact's name when it is not among the search results (prefilled from the address)
  const chosenListed = found.some((c) => c.id === draft.contactId);
  const knownName = record && record.contactId === draft.contactId ? record.contact : null;
  const { data: prefilled } = useGetContactQuery(draft.contactId ?? 0, {
    skip: !open || draft.contactId === null || chosenListed || knownName !== null,
  });

  useEffect(() => {
    if (!open) return;
    setSearch('');
  }, [open, record, contactId]);

  const options = [...found];
  const chosen = knownName ?? prefilled;
  if (draft.contactId !== null && !chosenListed && chosen) {
    options.unshift({
      id: draft.contactId,
      name: chosen.name,
      number: chosen.number,
      channel: 'whatsapp',
    });
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const failing = scheduleFormErrors(draft, record === null);
    setErrors(failing);
    if (Object.keys(failing).length > 0) return;
    await save(async () => {
      // an unchanged time keeps its seconds (the input shows minutes only)
      const unchanged = record !== null && draft.sendAt === toLocalInput(new Date(record.sendAt));
      const body = {
        body: draft.body.trim(),
        contactId: draft.contactId!,
        sendAt: unchanged ? record.sendAt : new Date(draft.sendAt).toISOString(),
      };
      if (record) await update({ ...body, id: record.id }).unwrap();
      else await create(body).unwrap();
      notify.success(t('saved'));
      onClose();
    });
  };

  return (
    <RecordFormDialog ns="schedules" {...dialog} onSubmit={submit} testId="schedule-form">
      <Field.Root invalid={!!errors.contactId} required>
        <Field.Label>{t('contact')}</Field.Label>
        <Input
          placeholder={t('searchContact')}
          aria-label={t('searchContact')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          mb="2"
        />
        <NativeSelect.Root>
          <NativeSelect.Field
            aria-label={t('contact')}
            value={draft.contactId === null ? '' : String(draft.contactId)}
            onChange={(e) =>
              setDraft((d) => ({
                ...d,
                contactId: e.target.value ? Number(e.target.value) : null,
              }))
            }
          >
            <option value="">{t('chooseContact')}</option>
            {options.map((contact) => (
              <option key={contact.id} value={contact.id}>
                {contact.name} ({contact.number})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        {errors.contactId && <Field.ErrorText>{t(errors.contactId)}</Field.ErrorText>}
      </Field.Root>
      <TextField
        label={t('body')}
        required
        error={errors.body && t(errors.body)}
        rows={5}
        value={draft.body}
        onChange={(body) => setDraft((d) => ({ ...d, body }))}
      />
      <TextField
        label={t('sendAt')}
        required
        error={errors.sendAt && t(errors.sendAt)}
        value={draft.sendAt}
        onChange={(sendAt) => setDraft((d) => ({ ...d, sendAt }))}
        input={{ type: 'datetime-local' }}
      />
    </RecordFormDialog>
  );
};
