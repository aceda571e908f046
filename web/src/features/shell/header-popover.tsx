import { Badge, IconButton, VisuallyHidden, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';
import { standInPopup } from '../../components/stand-in-popup.js';

type HeaderButtonProps = Omit<IconButtonProps, 'children'> & {
  label: string;
  icon: ReactNode;
  testId: string;
  /** a count badge on the button (unread items); none at 0 */
  count?: number;
};

/**
 * A header button that opens a popover list. With a count its name comes from its content (the label,
 * hidden, and the badge), so what a screen reader announces matches what is shown.
 */
export const HeaderButton = forwardRef<HTMLButtonElement, HeaderButtonProps>(
  ({ label, icon, testId, count = 0, ...rest }, ref) => (
    <IconButton
      ref={ref}
      aria-label={count > 0 ? undefined : label}
      title={label}
      variant="ghost"
      aria-haspopup="dialog"
      data-testid={testId}
      position="relative"
      {...rest}
    >
      {icon}
      {count > 0 && (
        <>
          <VisuallyHidden>{label}</VisuallyHidden>{' '}
          <Badge
            position="absolute"
            top="0.5"
            right="0.5"
            size="xs"
            colorPalette="red"
            variant="solid"
            borderRadius="full"
            data-testid={`${testId}-count`}
          >
            {count}
          </Badge>
        </>
      )}
    </IconButton>
  ),
);
HeaderButton.displayName = 'HeaderButton';

const LazyHeaderPopover = standInPopup(() =>
  import('./header-popover-loaded.js').then((m) => m.HeaderPopover),
);

type HeaderPopoverProps = {
  label: string;
  icon: ReactNode;
  emptyIcon: ReactNode;
  emptyText: string;
  color?: string;
  testId: string;
  count?: number;
  children?: ReactNode;
};

/**
 * A header button with its popover list. Notifications, announcements and internal chats fill the list
 * in their own features; with nothing to list a person sees the empty state. The popover loads on
 * first use (issue 14).
 */
export const HeaderPopover = (props: HeaderPopoverProps) => (
  <LazyHeaderPopover
    {...props}
    trigger={(handlers) => (
      <HeaderButton
        label={props.label}
        icon={props.icon}
        color={props.color}
        testId={props.testId}
        count={props.count}
        {...handlers}
      />
    )}
  />
);
