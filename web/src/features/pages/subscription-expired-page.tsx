import { Alert, Card, Heading } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks.js';
import { PageTitle } from '../../components/page-title.js';
import { formatDate, isCompanyExpired } from '../auth/due-date.js';
import { selectUser } from '../auth/session.slice.js';
import { InvoicesTable } from '../subscription/invoices-table.js';

/** /financeiro-aberto: the subscription state and, for admins, the company's invoices (spec 1 §4, §8). */
export const SubscriptionExpiredPage = () => {
  const { t } = useTranslation('auth');
  const user = useAppSelector(selectUser);
  if (!user) return null;
  const date = formatDate(user.company.dueDate);
  const expired = isCompanyExpired(user.company);
  return (
    <PageTitle titleKey="financeiro">
      <Card.Root maxW="2xl" variant="elevated">
        <Card.Body>
          <Alert.Root status={expired ? 'error' : 'success'} variant="subtle" borderRadius="md">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>
                {expired ? t('subscriptionExpired', { date }) : t('subscriptionActive', { date })}
              </Alert.Title>
            </Alert.Content>
          </Alert.Root>
          {(user.profile === 'admin' || user.super) && (
            <>
              <Heading as="h2" size="md" mt="6" mb="3">
                {t('invoices', { ns: 'subscription' })}
              </Heading>
              <InvoicesTable />
            </>
          )}
        </Card.Body>
      </Card.Root>
    </PageTitle>
  );
};
