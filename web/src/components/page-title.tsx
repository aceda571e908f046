import type { ParseKeys } from 'i18next';
import { Box, Heading, type BoxProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The heading of a page; pages whose content comes with a later feature show only this. */
export const PageTitle = ({
  titleKey,
  children,
  ...rest
}: { titleKey: ParseKeys<'routes'>; children?: ReactNode } & BoxProps) => {
  const { t } = useTranslation('routes');
  const title = t(titleKey);
  return (
    <Box as="section" aria-label={title} {...rest}>
      <Heading as="h1" size="2xl" fontWeight="semibold" letterSpacing="-0.01em" mb="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
};
