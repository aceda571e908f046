import { standInPopup } from '../../components/stand-in-popup.js';
import { HeaderButton } from './header-button.js';
import type { HeaderPopoverProps } from './header-popover-props.js';

const LazyHeaderPopover = standInPopup(() =>
  import('./header-popover-loaded.js').then((m) => m.HeaderPopover),
);

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
