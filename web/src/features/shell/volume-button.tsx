import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuVolume1, LuVolume2, LuVolumeX } from 'react-icons/lu';

/** The volume button, its icon after the volume. */
export const VolumeButton = forwardRef<HTMLButtonElement, IconButtonProps & { volume: number }>(
  ({ volume, ...rest }, ref) => {
    const { t } = useTranslation('shell');
    const Icon = volume === 0 ? LuVolumeX : volume < 0.5 ? LuVolume1 : LuVolume2;
    return (
      <IconButton ref={ref} aria-label={t('volume')} title={t('volume')} variant="ghost" {...rest}>
        <Icon />
      </IconButton>
    );
  },
);
VolumeButton.displayName = 'VolumeButton';
