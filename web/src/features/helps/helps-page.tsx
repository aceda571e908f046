import {
  AspectRatio,
  Box,
  Card,
  EmptyState,
  Icon,
  SimpleGrid,
  Spinner,
  Text,
} from '@chakra-ui/react';
import type { Help } from '@sb/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCirclePlay, LuCircleHelp } from 'react-icons/lu';
import { PageTitle } from '../../components/page-title.js';
import { ViewDialog } from '../../components/view-dialog.js';
import { helpVideoUrl, useListHelpsQuery } from './helps.api.js';

/** The modal player: embeds the video by its code; Escape or the close button closes it. */
export const HelpPlayer = ({ help, onClose }: { help: Help | null; onClose: () => void }) => {
  const { t } = useTranslation('helps');
  return (
    <ViewDialog
      open={help !== null}
      onClose={onClose}
      title={help?.title}
      closeLabel={t('close')}
      testId="help-player"
      size="xl"
    >
      {help?.video ? (
        <AspectRatio ratio={16 / 9}>
          <iframe
            src={helpVideoUrl(help.video)}
            title={help.title}
            allow="autoplay; encrypted-media; picture-in-picture"
            allowFullScreen
            style={{ border: 0 }}
          />
        </AspectRatio>
      ) : (
        <Text color="fg.muted">{t('noVideo')}</Text>
      )}
      {help?.description && (
        <Text mt="3" whiteSpace="pre-wrap">
          {help.description}
        </Text>
      )}
    </ViewDialog>
  );
};

/**
 * A video card. No thumbnail image: it would load from the video host on every visit; the card shows
 * the title, the description and a play mark instead.
 */
const HelpCard = ({ help, onPlay }: { help: Help; onPlay: () => void }) => {
  const { t } = useTranslation('helps');
  return (
    <Card.Root
      as="button"
      onClick={onPlay}
      textAlign="start"
      cursor="pointer"
      variant="outline"
      _hover={{ borderColor: 'border.emphasized', boxShadow: 'md' }}
      aria-label={t('play', { title: help.title })}
      data-testid="help-card"
    >
      <AspectRatio ratio={16 / 9} bg="bg.muted" borderTopRadius="l3">
        <Icon boxSize="12" color="fg.muted">
          <LuCirclePlay />
        </Icon>
      </AspectRatio>
      <Card.Body gap="1" p="3">
        <Card.Title fontSize="md">{help.title}</Card.Title>
        {help.description && <Card.Description lineClamp={3}>{help.description}</Card.Description>}
      </Card.Body>
    </Card.Root>
  );
};

/** /helps: every help as a video card; a card opens the modal player (spec 3 §2.21). */
export const HelpsPage = () => {
  const { t } = useTranslation('helps');
  const { data, isLoading } = useListHelpsQuery();
  const [playing, setPlaying] = useState<Help | null>(null);

  return (
    <PageTitle titleKey="helps">
      {isLoading ? (
        <Spinner />
      ) : data && data.length > 0 ? (
        <SimpleGrid columns={{ base: 1, sm: 2, md: 3, xl: 4 }} gap="4">
          {data.map((help) => (
            <HelpCard key={help.id} help={help} onPlay={() => setPlaying(help)} />
          ))}
        </SimpleGrid>
      ) : (
        <Box>
          <EmptyState.Root>
            <EmptyState.Content>
              <EmptyState.Indicator>
                <LuCircleHelp />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        </Box>
      )}
      <HelpPlayer help={playing} onClose={() => setPlaying(null)} />
    </PageTitle>
  );
};
