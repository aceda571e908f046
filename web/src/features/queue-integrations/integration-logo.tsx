import { Box } from '@chakra-ui/react';
import type { QueueIntegrationType } from '@sb/contracts';
import type { IconType } from 'react-icons';
import { LuBot, LuWebhook, LuWorkflow } from 'react-icons/lu';
import { SiDialogflow } from 'react-icons/si';

const logos: Record<QueueIntegrationType, { icon: IconType; palette: string; label: string }> = {
  dialogflow: { icon: SiDialogflow, palette: 'orange', label: 'DialogFlow' },
  n8n: { icon: LuWorkflow, palette: 'pink', label: 'N8N' },
  webhook: { icon: LuWebhook, palette: 'purple', label: 'WebHooks' },
  typebot: { icon: LuBot, palette: 'blue', label: 'Typebot' },
};

/** The round logo of an integration type in the list (spec 3 §2.14). */
export const IntegrationLogo = ({ type }: { type: QueueIntegrationType }) => {
  const { icon: Icon, palette, label } = logos[type];
  return (
    <Box
      as="span"
      role="img"
      aria-label={label}
      title={label}
      display="inline-flex"
      alignItems="center"
      justifyContent="center"
      boxSize="8"
      rounded="full"
      colorPalette={palette}
      bg="colorPalette.subtle"
      color="colorPalette.fg"
    >
      <Icon />
    </Box>
  );
};
