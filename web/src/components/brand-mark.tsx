import { Box, HStack, Text, type StackProps } from '@chakra-ui/react';
import { LuMessageSquareText } from 'react-icons/lu';

/** The product mark: icon tile plus name. */
export const BrandMark = ({
  compact = false,
  inverted = false,
  ...rest
}: { compact?: boolean; inverted?: boolean } & StackProps) => (
  <HStack gap="2.5" {...rest}>
    <Box
      display="grid"
      placeItems="center"
      boxSize="9"
      flexShrink={0}
      borderRadius="lg"
      bg={inverted ? 'whiteAlpha.200' : 'brand.solid'}
      color={inverted ? 'white' : 'brand.contrast'}
      fontSize="lg"
    >
      <LuMessageSquareText />
    </Box>
    {!compact && (
      <Text
        fontWeight="bold"
        fontSize="lg"
        letterSpacing="-0.02em"
        color={inverted ? 'white' : 'fg'}
      >
        Switchboard
      </Text>
    )}
  </HStack>
);
