import { EmptyState, Popover, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { HeaderButton } from './header-button.js';
import type { HeaderPopoverProps } from './header-popover-props.js';

/** What a header list shows with nothing in it. */
export const EmptyPanel = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <EmptyState.Root size="sm">
    <EmptyState.Content>
      <EmptyState.Indicator>{icon}</EmptyState.Indicator>
      <EmptyState.Description>{text}</EmptyState.Description>
    </EmptyState.Content>
  </EmptyState.Root>
);

/**
 * A header button with its popover list (loaded on first use: header-popover.tsx). Notifications, announcements and internal chats fill the list
 * in their own features; with nothing to list a person sees the empty state.
 */
export const HeaderPopover = ({
  label,
  icon,
  emptyIcon,
  emptyText,
  color,
  testId,
  count,
  children,
  defaultOpen = false,
}: HeaderPopoverProps & {
  defaultOpen?: boolean;
}) => (
  <Popover.Root positioning={{ placement: 'bottom-end' }} lazyMount defaultOpen={defaultOpen}>
    <Popover.Trigger asChild>
      <HeaderButton label={label} icon={icon} color={color} testId={testId} count={count} />
    </Popover.Trigger>
    <Portal>
      <Popover.Positioner>
        <Popover.Content width={{ base: '80vw', sm: '80' }}>
          {/* the title names the dialog */}
          <Popover.Header>
            <Popover.Title fontWeight="semibold">{label}</Popover.Title>
          </Popover.Header>
          <Popover.Body pt="0">
            {children || <EmptyPanel icon={emptyIcon} text={emptyText} />}
          </Popover.Body>
        </Popover.Content>
      </Popover.Positioner>
    </Portal>
  </Popover.Root>
);
