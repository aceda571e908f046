import { CloseButton, Dialog, Portal, type DialogRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A dialog that shows something (an announcement, a video, a change) rather than asks: the title, the
 * body, an optional footer and the corner close button named `closeLabel`. Mounted while open only.
 */
export const ViewDialog = ({
  open,
  onClose,
  title,
  closeLabel,
  testId,
  size,
  scrollBehavior,
  footer,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  testId?: string;
  size?: DialogRootProps['size'];
  scrollBehavior?: 'inside' | 'outside';
  footer?: ReactNode;
  children: ReactNode;
}) => (
  <Dialog.Root
    open={open}
    onOpenChange={(details) => !details.open && onClose()}
    placement="center"
    size={size}
    scrollBehavior={scrollBehavior}
    lazyMount
    unmountOnExit
  >
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content data-testid={testId}>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>{children}</Dialog.Body>
          {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label={closeLabel} />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
