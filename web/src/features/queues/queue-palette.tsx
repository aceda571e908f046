import { chakra, Wrap } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The queue colour palette (spec 2 §9: 50 fixed colours): ten hues in five shades each, light to dark,
 * so neighbouring queues stay tellable apart in the ticket list.
 */
export const QueueColorPalette = [
  // red, orange, amber, green, teal, cyan, blue, indigo, purple, pink
  ...[
    '#fca5a5',
    '#fdba74',
    '#fcd34d',
    '#86efac',
    '#5eead4',
    '#67e8f9',
    '#93c5fd',
    '#a5b4fc',
    '#d8b4fe',
    '#f9a8d4',
  ],
  ...[
    '#f87171',
    '#fb923c',
    '#fbbf24',
    '#4ade80',
    '#2dd4bf',
    '#22d3ee',
    '#60a5fa',
    '#818cf8',
    '#c084fc',
    '#f472b6',
  ],
  ...[
    '#ef4444',
    '#f97316',
    '#f59e0b',
    '#22c55e',
    '#14b8a6',
    '#06b6d4',
    '#3b82f6',
    '#6366f1',
    '#a855f7',
    '#ec4899',
  ],
  ...[
    '#dc2626',
    '#ea580c',
    '#d97706',
    '#16a34a',
    '#0d9488',
    '#0891b2',
    '#2563eb',
    '#4f46e5',
    '#9333ea',
    '#db2777',
  ],
  ...[
    '#991b1b',
    '#9a3412',
    '#92400e',
    '#166534',
    '#115e59',
    '#155e75',
    '#1e40af',
    '#3730a3',
    '#6b21a8',
    '#9d174d',
  ],
] as const;

/** The 50 swatches; a colour another queue uses is disabled (a queue colour is unique, spec 2 §5). */
export const QueuePalette = ({
  value,
  taken,
  onPick,
}: {
  value: string;
  taken: readonly string[];
  onPick: (color: string) => void;
}) => {
  const { t } = useTranslation('queues');
  const used = new Set(taken.map((color) => color.toLowerCase()));
  return (
    <Wrap gap="1" role="group" aria-label={t('palette')} data-testid="queue-palette">
      {QueueColorPalette.map((color) => {
        const chosen = value.toLowerCase() === color;
        return (
          <chakra.button
            key={color}
            type="button"
            boxSize="7"
            borderRadius="sm"
            borderWidth="2px"
            borderColor={chosen ? 'fg' : 'transparent'}
            style={{ background: color }}
            aria-label={t('paletteColor', { color })}
            aria-pressed={chosen}
            disabled={used.has(color) && !chosen}
            opacity={used.has(color) && !chosen ? 0.3 : 1}
            cursor={used.has(color) && !chosen ? 'not-allowed' : 'pointer'}
            onClick={() => onPick(color)}
          />
        );
      })}
    </Wrap>
  );
};
