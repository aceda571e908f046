import { storedVolume } from '../../lib/browser-storage.js';
import { standInPopup } from '../../components/stand-in-popup.js';
import { VolumeButton } from './volume-button.js';

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
