import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** The card of a public form page (sign-up, password recovery): its heading and hint, then the form. */
export const PublicCard = ({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) => (
  <Box bg="bg.panel" borderRadius="2xl" boxShadow="lg" p={{ base: '6', md: '10' }}>
    <Stack gap="1" mb="6">
      <Heading as="h1" size="2xl" letterSpacing="-0.02em">
        {title}
      </Heading>
      <Text color="fg.muted">{subtitle}</Text>
    </Stack>
    {children}
  </Box>
);
