import { Box, Button, chakra, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useGetCompanySettingQuery } from '../../settings/settings.api.js';
import { TicketDialog } from './ticket-dialog.js';

/** The close dialog's rating choice: ask the customer for a rating, or close without one. */
export type RatingChoice = 'ask' | 'skip';

/**
 * The resolve dialog (spec 1 §4): close normally (farewell sent) or close without the farewell message.
 * With ratings on (setting userRating) closing normally needs a rating choice first: ask the customer
 * for a rating or not. With ratings off the dialog says so, and tells an admin where to turn them on.
 */
export const CloseDialog = ({
  busy,
  isAdmin,
  onClose,
  onResolve,
}: {
  busy: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onResolve: (withFarewell: boolean, sendRating?: boolean) => void;
}) => {
  const { t } = useTranslation('tickets');
  const { data: setting } = useGetCompanySettingQuery('userRating');
  const ratingOn = setting?.value === 'enabled';
  const [choice, setChoice] = useState<RatingChoice | null>(null);
  return (
    <TicketDialog
      title={t('close.title')}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" loading={busy} onClick={() => onResolve(false)}>
            {t('close.withoutFarewell')}
          </Button>
          <Button
            loading={busy}
            disabled={ratingOn && choice === null}
            onClick={() => onResolve(true, ratingOn ? choice === 'ask' : undefined)}
          >
            {t('close.withFarewell')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{t('close.question')}</Text>
        {setting && ratingOn && (
          // native radios: Chakra's RadioGroup would add its recipes to the first screen's script
          <chakra.fieldset data-testid="rating-choice">
            <Stack gap="2">
              <chakra.legend fontWeight="semibold" fontSize="sm">
                {t('close.rating.label')}
              </chakra.legend>
              {(['ask', 'skip'] as const).map((value) => (
                <HStack as="label" key={value} gap="2" fontSize="sm" cursor="pointer">
                  <chakra.input
                    type="radio"
                    name="rating-choice"
                    value={value}
                    checked={choice === value}
                    onChange={() => setChoice(value)}
                    accentColor="colorPalette.solid"
                  />
                  <span>{t(`close.rating.${value}`)}</span>
                </HStack>
              ))}
              {choice === null && (
                <Text fontSize="sm" color="fg.muted">
                  {t('close.rating.required')}
                </Text>
              )}
            </Stack>
          </chakra.fieldset>
        )}
        {setting && !ratingOn && (
          <Box fontSize="sm" bg="bg.muted" borderRadius="md" px="3" py="2" data-testid="rating-off">
            <Text>{t('close.rating.off')}</Text>
            {isAdmin ? (
              <Text>
                {t('close.rating.turnOn')}{' '}
                <Link asChild colorPalette="blue" textDecoration="underline">
                  <RouterLink to="/settings">{t('close.rating.settingsLink')}</RouterLink>
                </Link>
              </Text>
            ) : (
              <Text>{t('close.rating.askAdmin')}</Text>
            )}
          </Box>
        )}
      </Stack>
    </TicketDialog>
  );
};
