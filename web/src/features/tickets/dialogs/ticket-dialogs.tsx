import { Button, Text, Textarea } from '@chakra-ui/react';
import type { MessageRecord, SessionUser } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isAdmin } from '../../auth/access.js';
import { useListQueuesQuery } from '../../queues/queues.api.js';
import { CloseDialog } from './close-dialog.js';
import { TicketDialog } from './ticket-dialog.js';
import { PickerSelect } from './picker-select.js';
import { queueChoice } from '../ticket-permissions.js';
import { TransferModal } from './transfer-modal.js';
import type { TakenBy, useTicketActions } from '../use-ticket-actions.js';

/**
 * Accept or reopen a ticket without queue (spec 1 §4): start stays disabled until a queue is chosen
 * (spec 1 §5), but the dialog never dead-ends a first run: an admin picks any queue of the company, a
 * company with no queue accepts without one, and a user in no queue is told whom to ask.
 */
export const QueueChoiceDialog = ({
  user,
  busy,
  onClose,
  onChoose,
}: {
  user: SessionUser;
  busy: boolean;
  onClose: () => void;
  onChoose: (queueId: number | null) => void;
}) => {
  const { t } = useTranslation('tickets');
  const [queueId, setQueueId] = useState<number | null>(null);
  const admin = isAdmin(user);
  const { data: companyQueues, isSuccess } = useListQueuesQuery();
  const choice = queueChoice(admin, user.queues, isSuccess ? companyQueues : undefined);
  const ready = choice.kind === 'none' || (choice.kind === 'pick' && queueId !== null);
  return (
    <TicketDialog
      title={t('queueChoice.title')}
      onClose={onClose}
      action={{
        label: t('queueChoice.start'),
        busy,
        disabled: !ready,
        onClick: () => ready && onChoose(choice.kind === 'none' ? null : queueId),
      }}
    >
      {choice.kind === 'pick' && (
        <PickerSelect
          label={t('transfer.queue')}
          value={queueId}
          options={choice.options}
          onChange={setQueueId}
        />
      )}
      {choice.kind === 'none' && (
        <Text data-testid="queue-choice-hint">
          {t(admin ? 'queueChoice.noCompanyQueueAdmin' : 'queueChoice.noCompanyQueue')}
        </Text>
      )}
      {choice.kind === 'notMember' && (
        <Text data-testid="queue-choice-hint">{t('queueChoice.notMember')}</Text>
      )}
    </TicketDialog>
  );
};

/** Another user already holds the ticket: name the user and the queue (spec 1 §4). */
export const TakenDialog = ({ taken, onClose }: { taken: TakenBy; onClose: () => void }) => {
  const { t } = useTranslation('tickets');
  return (
    <TicketDialog
      title={t('taken.title')}
      onClose={onClose}
      footer={<Button onClick={onClose}>{t('taken.ok')}</Button>}
    >
      <Text>
        {t('taken.text', {
          user: taken.user?.name ?? '—',
          queue: taken.queue?.name ?? t('noQueue'),
        })}
      </Text>
    </TicketDialog>
  );
};

/** The dialogs a ticket action opens (transfer, resolve, queue choice, already taken). */
export const TicketActionDialogs = ({
  actions,
  user,
}: {
  actions: ReturnType<typeof useTicketActions>;
  user: SessionUser;
}) => (
  <>
    {actions.transferring && (
      <TransferModal ticket={actions.transferring} onClose={() => actions.setTransferring(null)} />
    )}
    {actions.closing && (
      <CloseDialog
        busy={actions.busy}
        isAdmin={isAdmin(user)}
        onClose={() => actions.setClosing(null)}
        onResolve={actions.resolve}
      />
    )}
    {actions.choosingQueue && (
      <QueueChoiceDialog
        user={user}
        busy={actions.busy}
        onClose={() => actions.setChoosingQueue(null)}
        onChoose={actions.chooseQueue}
      />
    )}
    {actions.taken && <TakenDialog taken={actions.taken} onClose={() => actions.setTaken(null)} />}
  </>
);

/** Edits the text of one of my messages. */
export const EditMessageDialog = ({
  message,
  busy,
  onClose,
  onSave,
}: {
  message: MessageRecord;
  busy: boolean;
  onClose: () => void;
  onSave: (body: string) => void;
}) => {
  const { t } = useTranslation('tickets');
  const [body, setBody] = useState(message.body);
  const changed = body.trim() !== '' && body.trim() !== message.body;
  return (
    <TicketDialog
      title={t('message.edit')}
      onClose={onClose}
      action={{ label: t('save'), busy, disabled: !changed, onClick: () => onSave(body.trim()) }}
    >
      <Textarea
        aria-label={t('composer.message')}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
    </TicketDialog>
  );
};
