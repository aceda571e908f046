import { Button, Menu, Portal } from '@chakra-ui/react';
import { CampaignPlaceholders } from '@sb/contracts';
import { useTranslation } from 'react-i18next';
import { LuBraces } from 'react-icons/lu';

/**
 * The variable picker of the campaign dialog (spec 3 §2.2): the placeholders of spec 3 and the
 * company's own variables, each put in as `{key}` by `onPick`.
 */
export const VariableMenu = ({
  variables,
  onPick,
  disabled,
  label,
}: {
  /** the company's variable keys (campaign settings) */
  variables: readonly string[];
  onPick: (key: string) => void;
  disabled: boolean;
  /** an accessible name when the button's text is not enough (several pickers on one form) */
  label?: string;
}) => {
  const { t } = useTranslation('campaigns');
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" disabled={disabled} aria-label={label}>
          <LuBraces /> {t('variables')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {[...CampaignPlaceholders, ...variables].map((key) => (
              <Menu.Item key={key} value={key} onClick={() => onPick(key)}>
                {`{${key}}`}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
};
