import { Avatar, Button, VisuallyHidden, type ButtonProps } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mediaUrl } from '../../app/runtime-config.js';

/**
 * The avatar button that opens the profile menu. Its name is a hidden text, the avatar hidden from
 * assistive technology: a label over visible initials ("BA") would name it differently from what shows.
 */
export const ProfileButton = forwardRef<HTMLButtonElement, ButtonProps & { user: SessionUser }>(
  ({ user, ...rest }, ref) => {
    const { t } = useTranslation('shell');
    return (
      <Button
        ref={ref}
        variant="ghost"
        px="1.5"
        aria-haspopup="menu"
        data-testid="profile-menu"
        {...rest}
      >
        <VisuallyHidden>{t('account')}</VisuallyHidden>
        <Avatar.Root size="sm" colorPalette="brand" variant="solid" aria-hidden>
          <Avatar.Fallback name={user.name} />
          <Avatar.Image src={mediaUrl(user.profileImage)} />
        </Avatar.Root>
      </Button>
    );
  },
);
ProfileButton.displayName = 'ProfileButton';
