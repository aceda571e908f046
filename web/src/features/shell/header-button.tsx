import { Badge, IconButton, VisuallyHidden, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef, type ReactNode } from 'react';

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
