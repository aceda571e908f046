import EmojiPicker, { type EmojiDataInput } from 'emoji-picker-react';
import { useTranslation } from 'react-i18next';
import { useColorMode } from '../../../lib/color-mode.js';

/** The picker's emoji names and keywords in the interface's language (Turkish has none: English). */
const EmojiData: Record<string, EmojiDataInput> = {
  'pt-BR': () => import('emoji-picker-react/data/emojis-pt'),
  es: () => import('emoji-picker-react/data/emojis-es'),
};

/**
 * The composer's emoji picker (emoji-picker-react, native emojis: nothing is fetched from elsewhere).
 * This module is imported on demand, so the library stays out of the first screen's bundle.
 */
export const ComposerEmojiPicker = ({ onPick }: { onPick: (emoji: string) => void }) => {
  const { t, i18n } = useTranslation('tickets');
  const { theme } = useColorMode();
  return (
    <EmojiPicker
      onEmojiClick={(data) => onPick(data.emoji)}
      theme={theme === 'dark' ? 'dark' : 'light'}
      emojiData={EmojiData[i18n.language]}
      skinTonesDisabled
      previewConfig={{ showPreview: false }}
      width={320}
      height={380}
      labels={{
        searchPlaceholder: t('emoji.search'),
        searchLabel: t('emoji.search'),
        searchClear: t('emoji.clear'),
        searchResultsNone: t('emoji.none'),
        categoryNavigation: t('emoji.categories'),
        loading: t('emoji.loading'),
      }}
    />
  );
};
