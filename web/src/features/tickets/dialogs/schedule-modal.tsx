import { Field, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify, toastError } from '../../../components/toaster.js';
import { defaultSendAt } from '../../schedules/schedule-time.js';
import { scheduleErrors } from './ticket-schedule.js';
import { TicketDialog } from './ticket-dialog.js';
import { useCreateScheduleMutation } from '../../schedules/schedules.api.js';

/**
 * Schedules a message to the ticket's contact (spec 1 §5): a body of 5 or more characters ("Mensagem
 * muito curta") and a send time (required, one hour ahead by default). Once saved the user goes on to
 * the schedules screen (`onSaved`).
 */
export const ScheduleModal = ({
  ticketId,
  contactId,
  userId,
  onClose,
  onSaved,
}: {
  ticketId: number;
  contactId: number;
  userId: number;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation('tickets');
  const [body, setBody] = useState('');
  const [sendAt, setSendAt] = useState(() => defaultSendAt());
  const [touched, setTouched] = useState(false);
  const [createSchedule, { isLoading }] = useCreateScheduleMutation();
  const errors = scheduleErrors({ body, sendAt });
  const shown = touched ? errors : {};

  const submit = async () => {
    setTouched(true);
    if (errors.body || errors.sendAt) return;
    try {
      await createSchedule({
        body: body.trim(),
        contactId,
        ticketId,
        userId,
        sendAt: new Date(sendAt).toISOString(),
      }).unwrap();
      notify.success(t('schedule.saved'));
      onSaved();
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <TicketDialog
      title={t('schedule.title')}
      onClose={onClose}
      action={{ label: t('schedule.submit'), busy: isLoading, onClick: () => void submit() }}
    >
      <Stack data-testid="schedule-form">
        <Field.Root invalid={Boolean(shown.body)}>
          <Field.Label>{t('schedule.body')}</Field.Label>
          <Textarea value={body} onChange={(event) => setBody(event.target.value)} />
          {shown.body && <Field.ErrorText>{t(shown.body)}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(shown.sendAt)}>
          <Field.Label>{t('schedule.sendAt')}</Field.Label>
          <Input
            type="datetime-local"
            value={sendAt}
            onChange={(event) => setSendAt(event.target.value)}
          />
          {shown.sendAt && <Field.ErrorText>{t(shown.sendAt)}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </TicketDialog>
  );
};
