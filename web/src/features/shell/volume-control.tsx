import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuVolume1, LuVolume2, LuVolumeX } from 'react-icons/lu';
import { storedVolume } from '../../app/browser-storage.js';
import { standInPopup } from '../../components/stand-in-popup.js';

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

const LazyVolume = standInPopup(() => import('./volume-slider.js').then((m) => m.VolumePopover));

/** The top bar's volume button: its popover and slider load on first use (issue 14). */
export const VolumeControl = ({ color }: { color?: string }) => (
  <LazyVolume
    color={color}
    trigger={(handlers) => (
      <VolumeButton volume={storedVolume()} color={color} aria-haspopup="dialog" {...handlers} />
    )}
  />
);
