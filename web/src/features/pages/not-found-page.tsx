import { Button, EmptyState, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LuCompass } from 'react-icons/lu';
import { Link } from 'react-router-dom';

export const NotFoundPage = () => {
  const { t } = useTranslation('routes');
  return (
    <EmptyState.Root size="lg">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <LuCompass />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">{t('notFound')}</EmptyState.Title>
          <EmptyState.Description>{t('notFoundText')}</EmptyState.Description>
        </VStack>
        <Button asChild colorPalette="brand" variant="subtle">
          <Link to="/">{t('backHome')}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
};
