import { Box, Popover, Portal, Slider, Text, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { storeVolume, storedVolume } from '../../lib/browser-storage.js';
import { VolumeButton } from './volume-button.js';

/** Notification volume, 0 to 1 in steps of 0.1, stored as `volume` (spec 1 §2, §9). */
export const useVolume = () => {
  const [volume, setVolume] = useState(storedVolume);
  const change = (value: number) => {
    const rounded = Math.round(value * 10) / 10;
    setVolume(rounded);
    storeVolume(rounded);
  };
  return [volume, change] as const;
};

/** The volume's name, its percentage and the slider: the popover's body, or the phone's dialog. */
export const VolumeSlider = ({
  volume,
  onChange,
}: {
  volume: number;
  onChange: (value: number) => void;
}) => {
  const { t } = useTranslation('shell');
  return (
    <>
      <HStack justify="space-between" mb="3">
        <Text fontWeight="medium" fontSize="sm">
          {t('volume')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {Math.round(volume * 100)}%
        </Text>
      </HStack>
      <Box px="1">
        <Slider.Root
          min={0}
          max={1}
          step={0.1}
          value={[volume]}
          colorPalette="brand"
          aria-label={[t('volume')]}
          onValueChange={(details) => onChange(details.value[0] ?? 0)}
        >
          <Slider.Control>
            <Slider.Track>
              <Slider.Range />
            </Slider.Track>
            <Slider.Thumbs />
          </Slider.Control>
        </Slider.Root>
      </Box>
    </>
  );
};

/** The top bar's volume button and its popover (loaded on first use: volume-control.tsx). */
export const VolumePopover = ({
  color,
  defaultOpen = false,
}: {
  color?: string;
  defaultOpen?: boolean;
}) => {
  const [volume, change] = useVolume();
  return (
    <Popover.Root positioning={{ placement: 'bottom' }} defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>
        <VolumeButton volume={volume} color={color} />
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content width="64">
            <Popover.Arrow />
            <Popover.Body>
              <VolumeSlider volume={volume} onChange={change} />
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  );
};
