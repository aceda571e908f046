import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** One bar; `to` opens the tickets behind it. */
export type Bar = { label: string; value: number; to?: string };

/**
 * Vertical bars of our own (no chart library: the dashboard chunk stays small). Each bar carries its
 * value as text, so the chart reads without colour and without hovering.
 */
export const BarChart = ({ bars, title }: { bars: Bar[]; title: string }) => {
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Stack role="figure" aria-label={title} gap="2">
      <Text fontWeight="semibold">{title}</Text>
      <HStack align="end" gap="2" minH="40" overflowX="auto" pb="1">
        {bars.map((bar) => {
          const column = (
            <>
              <Text fontSize="xs">{bar.value}</Text>
              <Box
                data-testid="chart-bar"
                w="6"
                h={`${Math.max(2, Math.round((bar.value / max) * 120))}px`}
                bg="brand.solid"
                borderRadius="sm"
              />
              <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                {bar.label}
              </Text>
            </>
          );
          return bar.to ? (
            <Stack
              key={bar.label}
              asChild
              align="center"
              gap="1"
              minW="10"
              borderRadius="sm"
              _hover={{ bg: 'bg.muted' }}
            >
              <RouterLink to={bar.to}>{column}</RouterLink>
            </Stack>
          ) : (
            <Stack key={bar.label} align="center" gap="1" minW="10">
              {column}
            </Stack>
          );
        })}
      </HStack>
    </Stack>
  );
};

/** A half-circle NPS gauge from −100 to 100, with the score written under it. */
export const NpsGauge = ({ score, label }: { score: number | undefined; label: string }) => {
  // no score yet (loading, or the call failed): no needle and "—", not a made-up 0
  const clamped = score === undefined ? undefined : Math.max(-100, Math.min(100, score));
  const shown = clamped ?? '—';
  // the needle: −100 points left (180°), 100 right (0°)
  const angle = Math.PI * (1 - ((clamped ?? 0) + 100) / 200);
  const x = 100 + 80 * Math.cos(angle);
  const y = 100 - 80 * Math.sin(angle);
  return (
    <Stack align="center" gap="1">
      <svg viewBox="0 0 200 110" width="220" role="img" aria-label={`${label}: ${shown}`}>
        <path
          d="M 20 100 A 80 80 0 0 1 180 100"
          fill="none"
          stroke="currentColor"
          strokeOpacity="0.2"
          strokeWidth="16"
        />
        {clamped !== undefined && (
          <line
            x1="100"
            y1="100"
            x2={x}
            y2={y}
            stroke="currentColor"
            strokeWidth="4"
            strokeLinecap="round"
          />
        )}
      </svg>
      <Text fontSize="2xl" fontWeight="bold" data-testid="nps-score">
        {shown}
      </Text>
      <Text color="fg.muted">{label}</Text>
    </Stack>
  );
};
