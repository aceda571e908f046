import { Box, Button, IconButton, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuCircleCheckBig, LuMessageSquarePlus, LuPlus, LuX } from 'react-icons/lu';
import type { SpeedDialAction } from '../ticket-permissions.js';

const Icons = { newTicket: <LuMessageSquarePlus />, closeAll: <LuCircleCheckBig /> };

/**
 * The list's floating speed dial (spec 1 §2 List controls): a round button that unfolds its actions
 * above it; choosing one folds it again.
 */
export const SpeedDial = ({
  actions,
  onAction,
}: {
  actions: SpeedDialAction[];
  onAction: (action: SpeedDialAction) => void;
}) => {
  const { t } = useTranslation('tickets');
  const [open, setOpen] = useState(false);
  return (
    <Box position="absolute" right="4" bottom="4" zIndex="docked" data-testid="speed-dial">
      {open && (
        <Stack position="absolute" right="0" bottom="12" align="flex-end" gap="2">
          {actions.map((action) => (
            <Button
              key={action}
              size="sm"
              boxShadow="md"
              onClick={() => {
                setOpen(false);
                onAction(action);
              }}
            >
              {Icons[action]}
              {t(`speedDial.${action}`)}
            </Button>
          ))}
        </Stack>
      )}
      <IconButton
        borderRadius="full"
        boxShadow="lg"
        aria-label={t('speedDial.toggle')}
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? <LuX /> : <LuPlus />}
      </IconButton>
    </Box>
  );
};
