import { Box, Card, Flex, Grid, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LuChartLine, LuMessagesSquare, LuUsers } from 'react-icons/lu';
import { Link as RouterLink } from 'react-router-dom';
import { BrandMark } from '../../components/brand-mark.js';
import { PublicRoutePages } from '../../app/route-pages.js';
import { PreferenceControls } from '../shell/preference-controls.js';

const Highlight = ({ icon, text }: { icon: ReactNode; text: string }) => (
  <HStack gap="3" align="start">
    <Box
      display="grid"
      placeItems="center"
      boxSize="8"
      borderRadius="md"
      bg="whiteAlpha.200"
      color="white"
      flexShrink={0}
    >
      {icon}
    </Box>
    <Text color="whiteAlpha.900" pt="1">
      {text}
    </Text>
  </HStack>
);

/** Layout of the public pages: a brand panel on wide screens, the form card on the right. */
export const PublicLayout = ({ children }: { children: ReactNode }) => {
  const { t } = useTranslation('auth');
  return (
    <Grid templateColumns={{ base: '1fr', lg: '5fr 7fr' }} minH="100vh" bg="bg.canvas">
      <Flex
        display={{ base: 'none', lg: 'flex' }}
        direction="column"
        justify="space-between"
        p="12"
        color="white"
        bgImage="linear-gradient(150deg, {colors.brand.800} 0%, {colors.brand.600} 55%, {colors.brand.400} 100%)"
        position="relative"
        overflow="hidden"
      >
        <BrandMark inverted />
        <Stack gap="6" maxW="md" position="relative" zIndex="1">
          <Heading size="4xl" lineHeight="1.1" letterSpacing="-0.03em" color="white">
            {t('heroTitle')}
          </Heading>
          <Text fontSize="lg" color="whiteAlpha.800">
            {t('heroText')}
          </Text>
          <Stack gap="4" pt="2">
            <Highlight icon={<LuMessagesSquare />} text={t('heroChannels')} />
            <Highlight icon={<LuUsers />} text={t('heroTeams')} />
            <Highlight icon={<LuChartLine />} text={t('heroInsights')} />
          </Stack>
        </Stack>
        <Text fontSize="sm" color="whiteAlpha.700">
          © {new Date().getFullYear()} Switchboard
        </Text>
        <Box
          position="absolute"
          right="-32"
          bottom="-32"
          boxSize="96"
          borderRadius="full"
          bg="whiteAlpha.100"
          pointerEvents="none"
        />
      </Flex>
      <Flex direction="column" px={{ base: '4', md: '8' }} py="6">
        <Flex justify="space-between" align="center">
          <BrandMark display={{ base: 'flex', lg: 'none' }} />
          <Box flex="1" />
          <PreferenceControls variant="ghost" />
        </Flex>
        <Flex flex="1" align="center" justify="center" py="8">
          <Box width="full" maxW="md">
            {children}
          </Box>
        </Flex>
      </Flex>
    </Grid>
  );
};

/** A public page whose form comes with a later feature: its title and the way back to login. */
export const PublicPage = ({ titleKey }: { titleKey: string }) => {
  const { t } = useTranslation('auth');
  const Page = PublicRoutePages[titleKey];
  if (Page)
    return (
      <PublicLayout>
        <Page />
      </PublicLayout>
    );
  const routes = useTranslation('routes').t;
  return (
    <PublicLayout>
      <Card.Root variant="elevated" borderRadius="2xl">
        <Card.Body gap="4" p="8">
          <Heading as="h1" size="2xl">
            {routes(titleKey)}
          </Heading>
          <Link asChild color="brand.fg" fontWeight="medium">
            <RouterLink to="/login">{t('backToLogin')}</RouterLink>
          </Link>
        </Card.Body>
      </Card.Root>
    </PublicLayout>
  );
};
