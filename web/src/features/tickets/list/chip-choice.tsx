import { Button, HStack, Stack, Text } from '@chakra-ui/react';

/** A labelled set of toggle chips (several may be chosen); each chip says whether it is pressed. */
export const ChipChoice = <Id extends number | string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: { id: Id; name: string; color?: string }[];
  value: Id[];
  onChange: (next: Id[]) => void;
}) => (
  <Stack gap="1" role="group" aria-label={label}>
    <Text fontSize="xs" fontWeight="semibold" color="fg.muted">
      {label}
    </Text>
    <HStack gap="1" wrap="wrap">
      {options.map((option) => {
        const chosen = value.includes(option.id);
        return (
          <Button
            key={String(option.id)}
            size="2xs"
            variant={chosen ? 'solid' : 'outline'}
            aria-pressed={chosen}
            borderLeftWidth={option.color ? '4px' : undefined}
            style={option.color ? { borderLeftColor: option.color } : undefined}
            onClick={() =>
              onChange(chosen ? value.filter((id) => id !== option.id) : [...value, option.id])
            }
          >
            {option.name}
          </Button>
        );
      })}
    </HStack>
  </Stack>
);
