import { Button, Progress, Text } from '@chakra-ui/react';
import { CloseImportedTicketsStatus, type ConnectionRecord } from '@sb/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyEvents } from '../../api/use-company-events.js';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { toastError } from '../../components/toaster.js';
import { selectUser } from '../auth/session.slice.js';
import {
  connectionsApi,
  importPercent,
  useCloseImportedTicketsMutation,
  type ImportMessagesEvent,
  type ImportProgress,
} from './connections.api.js';

/** Spec 2 §4: a disabled "preparing" button while the import started less than 35 s ago. */
export const ImportPreparingMs = 35_000;
export const CloseTicketsStatus = CloseImportedTicketsStatus;

/** The import state a connection's statusImportMessages stands for. */
export const importStateOf = (
  status: string | null,
  now = Date.now(),
): 'none' | 'closeTickets' | 'preparing' | 'running' => {
  if (!status) return 'none';
  if (status === CloseTicketsStatus) return 'closeTickets';
  const startedAt = Number(status);
  if (Number.isFinite(startedAt) && now - startedAt < ImportPreparingMs) return 'preparing';
  return 'running';
};

/**
 * The history import of a connection, under its status on /connections (spec 2 §4): the preparing
 * button, the progress from the importMessages events, then the close-imported-tickets button.
 * Nothing while no import is under way.
 */
export const ImportStatus = ({
  connection,
  isAdmin,
}: {
  connection: ConnectionRecord;
  isAdmin: boolean;
}) => {
  const { t } = useTranslation('connections');
  const viewer = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<ImportProgress | undefined>();
  const [closeImported, closing] = useCloseImportedTicketsMutation();
  const [now, setNow] = useState(() => Date.now());
  const state = importStateOf(connection.statusImportMessages, now);

  useCompanyEvents(
    viewer?.companyId,
    'importMessages',
    (event: ImportMessagesEvent) => {
      if (event.whatsappId !== connection.id) return;
      if (event.status) setProgress(event.status);
      // spec 2 §4: the import is over; the list reloads (its import state and dates changed)
      if (event.action === 'refresh') {
        dispatch(connectionsApi.util.invalidateTags([{ type: 'Connection', id: 'LIST' }]));
      }
    },
    state !== 'none',
  );

  // re-render once the preparing window is over
  useEffect(() => {
    if (state !== 'preparing') return;
    const timer = setTimeout(() => setNow(Date.now()), ImportPreparingMs);
    return () => clearTimeout(timer);
  }, [state]);

  if (state === 'none') return null;
  if (state === 'closeTickets') {
    if (!isAdmin) return <Text fontSize="sm">{t('importDone')}</Text>;
    return (
      <Button
        size="xs"
        variant="outline"
        loading={closing.isLoading}
        onClick={() =>
          void closeImported(connection.id)
            .unwrap()
            .catch((error: unknown) => toastError(error))
        }
      >
        {t('closeImported')}
      </Button>
    );
  }
  if (state === 'preparing') {
    return (
      <Button size="xs" variant="outline" disabled loading loadingText={t('importPreparing')}>
        {t('importPreparing')}
      </Button>
    );
  }
  const percent = importPercent(progress);
  return (
    <Progress.Root
      size="sm"
      minW="28"
      value={percent}
      aria-label={t('importRunning')}
      data-testid="import-progress"
    >
      <Progress.Label fontSize="xs">
        {progress
          ? t('importProgress', { done: progress.this, count: progress.all })
          : t('importRunning')}
      </Progress.Label>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
};
