import { Button, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog's one action after cancel: its text, whether it runs or may run yet, and what it does. */
export type TicketDialogAction = {
  label: string;
  busy?: boolean;
  disabled?: boolean;
  onClick: () => void;
};

const CancelThen = ({
  onClose,
  action: { label, busy, disabled, onClick },
}: {
  onClose: () => void;
  action: TicketDialogAction;
}) => {
  const { t } = useTranslation('tickets');
  return (
    <>
      <Button variant="outline" onClick={onClose}>
        {t('cancel')}
      </Button>
      <Button loading={busy} disabled={disabled} onClick={onClick}>
        {label}
      </Button>
    </>
  );
};

/**
 * A centred dialog with a title, a body and footer buttons: `footer` as given, or cancel then `action`
 * (the footer of most of the ticket workspace's dialogs).
 */
export const TicketDialog = ({
  title,
  onClose,
  children,
  footer,
  action,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  action?: TicketDialogAction;
}) => (
  <Dialog.Root open onOpenChange={(d) => !d.open && onClose()} placement="center">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>{children}</Dialog.Body>
          <Dialog.Footer>
            {footer ?? (action && <CancelThen onClose={onClose} action={action} />)}
          </Dialog.Footer>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
