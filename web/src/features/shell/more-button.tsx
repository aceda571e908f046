import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEllipsisVertical } from 'react-icons/lu';

/** The phone's "more" button of the top bar. */
export const MoreButton = forwardRef<HTMLButtonElement, Partial<IconButtonProps>>((props, ref) => {
  const { t } = useTranslation('shell');
  return (
    <IconButton
      ref={ref}
      aria-label={t('more')}
      title={t('more')}
      variant="ghost"
      aria-haspopup="menu"
      data-testid="top-bar-more"
      {...props}
    >
      <LuEllipsisVertical />
    </IconButton>
  );
});
MoreButton.displayName = 'MoreButton';
