import type { TicketHolder, TicketRecord, TicketUpdateInput } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify, toastError } from '../../components/toaster.js';
import { isTagRequiredError, openTicketHolder } from './ticket-errors.js';
import type { TicketAction } from './ticket-permissions.js';
import { useUpdateTicketMutation } from './tickets.api.js';

/** A taken ticket: who holds it and in which queue (spec 1 §4 "already taken" warning). */
export type TakenBy = Pick<TicketHolder, 'user' | 'queue'>;

/**
 * Runs a row or header action (spec 1 §4 Ticket statuses). Accept and reopen ask for a queue when the
 * ticket has none; transfer and close open their dialogs through the returned state; a ticket that
 * another user holds shows the warning instead of opening.
 */
export const useTicketActions = (userId: number) => {
  const { t } = useTranslation('tickets');
  const navigate = useNavigate();
  const [updateTicket, { isLoading }] = useUpdateTicketMutation();
  const [transferring, setTransferring] = useState<TicketRecord | null>(null);
  const [closing, setClosing] = useState<TicketRecord | null>(null);
  const [choosingQueue, setChoosingQueue] = useState<TicketRecord | null>(null);
  const [taken, setTaken] = useState<TakenBy | null>(null);

  const update = async (
    ticket: TicketRecord,
    change: TicketUpdateInput,
    open: boolean,
    takingIt = false,
  ) => {
    try {
      const result = await updateTicket({ id: ticket.id, ...change }).unwrap();
      // the answer is another ticket, or someone else's: say who holds it instead of opening it
      if (takingIt && (result.id !== ticket.id || (result.userId ?? userId) !== userId)) {
        setTaken({ user: result.user, queue: result.queue });
        return false;
      }
      void navigate(open ? `/tickets/${result.uuid}` : '/tickets');
      return true;
    } catch (error) {
      const holder = openTicketHolder(error);
      if (holder && holder.userId !== userId) setTaken(holder);
      else if (holder) void navigate(`/tickets/${holder.uuid}`);
      else if (isTagRequiredError(error)) notify.warning(t('close.tagRequired'));
      else toastError(error);
      return false;
    }
  };

  /** Accept or reopen as the current user, in the given queue (group tickets become group). */
  const take = (ticket: TicketRecord, queueId: number | null) =>
    update(ticket, { status: ticket.isGroup ? 'group' : 'open', userId, queueId }, true, true);

  const run = (action: TicketAction, ticket: TicketRecord) => {
    switch (action) {
      case 'accept':
      case 'reopen':
        if (ticket.queueId === null) setChoosingQueue(ticket);
        else void take(ticket, ticket.queueId);
        return;
      case 'ignore':
        void update(ticket, { status: 'closed', sendFarewellMessage: false }, false);
        return;
      case 'return':
        void update(ticket, { status: 'pending', userId: null }, true);
        return;
      case 'transfer':
        setTransferring(ticket);
        return;
      case 'close':
        setClosing(ticket);
        return;
    }
  };

  /** The queue-choice dialog's answer: a queue, or none when the company has no queue yet. */
  const chooseQueue = (queueId: number | null) => {
    if (!choosingQueue) return;
    const ticket = choosingQueue;
    void take(ticket, queueId).then(() => setChoosingQueue(null));
  };

  /** `sendRating` is the close dialog's rating choice (undefined while ratings are off) */
  const resolve = (withFarewell: boolean, sendRating?: boolean) => {
    if (!closing) return;
    void update(
      closing,
      withFarewell
        ? {
            status: 'closed',
            userId,
            sendFarewellMessage: true,
            ...(sendRating === undefined ? {} : { sendRating }),
          }
        : { status: 'closed', userId, sendFarewellMessage: false, amountUsedBotQueues: 0 },
      false,
    ).then((done) => done && setClosing(null));
  };

  return {
    run,
    resolve,
    chooseQueue,
    busy: isLoading,
    transferring,
    setTransferring,
    closing,
    setClosing,
    choosingQueue,
    setChoosingQueue,
    taken,
    setTaken,
  };
};
