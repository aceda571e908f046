import { Box, Button, Center, Heading, Icon, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuDatabaseBackup } from 'react-icons/lu';
import type { ProbeOutcome } from './maintenance-probe.js';

export type MaintenanceScreenProps = {
  /** seconds until the first check (the gateway's Retry-After) */
  retryAfter: number;
  /** one check: is the company open again? */
  check: () => Promise<ProbeOutcome>;
  /** the company is open again: the app shows what it showed before */
  onOpen: (outcome: ProbeOutcome & { open: true }) => void;
};

/**
 * What a fenced company's users see while a tenant operation (an export, a move) holds their company:
 * what happens, that nothing is lost, and a countdown to the next check, which runs by itself every
 * Retry-After seconds (30 by default) or at once with the button. The socket's end event closes it
 * sooner (the shell).
 */
export const MaintenanceScreen = ({ retryAfter, check, onOpen }: MaintenanceScreenProps) => {
  const { t } = useTranslation('maintenance');
  const [left, setLeft] = useState(retryAfter);
  const [checking, setChecking] = useState(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const runCheck = useCallback(async () => {
    setChecking(true);
    const outcome = await check();
    if (!mounted.current) return;
    setChecking(false);
    // a screen still shown after it opened (a page that keeps it) waits a whole period again
    setLeft(outcome.open ? retryAfter : (outcome.retryAfter ?? retryAfter));
    if (outcome.open) onOpen(outcome);
  }, [check, onOpen, retryAfter]);

  useEffect(() => {
    if (checking) return;
    if (left <= 0) {
      void runCheck();
      return;
    }
    const timer = setTimeout(() => setLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [checking, left, runCheck]);

  return (
    <Center as="main" minH="100dvh" w="full" bg="bg.canvas" p={{ base: '4', md: '8' }}>
      <Box
        bg="bg.panel"
        borderRadius="2xl"
        boxShadow="lg"
        p={{ base: '6', md: '10' }}
        maxW="xl"
        w="full"
      >
        <Stack gap="4" align="flex-start">
          <Icon as={LuDatabaseBackup} boxSize="10" color="brand.solid" aria-hidden />
          <Heading as="h1" size="2xl" letterSpacing="-0.02em">
            {t('title')}
          </Heading>
          <Text>{t('body')}</Text>
          <Text color="fg.muted">{t('waiting')}</Text>
          <Stack
            direction={{ base: 'column', sm: 'row' }}
            gap="3"
            align={{ base: 'stretch', sm: 'center' }}
            w="full"
          >
            {/* the countdown is not announced each second; a check under way is */}
            <Text color="fg.muted" flex="1">
              {checking ? t('checking') : t('nextCheck', { seconds: Math.max(left, 0) })}
            </Text>
            <VisuallyHidden role="status">{checking ? t('checking') : ''}</VisuallyHidden>
            <Button onClick={() => void runCheck()} loading={checking} variant="outline">
              {t('retry')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </Center>
  );
};
