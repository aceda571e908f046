import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import type { SessionUser } from '@sb/contracts';
import { forwardRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEllipsisVertical } from 'react-icons/lu';
import { standInPopup } from '../../components/stand-in-popup.js';

/** The phone's "more" button of the top bar. */
export const MoreButton = forwardRef<HTMLButtonElement, Partial<IconButtonProps>>((props, ref) => {
  const { t } = useTranslation('shell');
  return (
    <IconButton
      ref={ref}
      aria-label={t('more')}
      title={t('more')}
      variant="ghost"
      aria-haspopup="menu"
      data-testid="top-bar-more"
      {...props}
    >
      <LuEllipsisVertical />
    </IconButton>
  );
});
MoreButton.displayName = 'MoreButton';

const LazyOverflow = standInPopup(() =>
  import('./top-bar-overflow-loaded.js').then((m) => m.TopBarOverflow),
);

/** The phone's overflow menu of the top bar: its menu and dialogs load on first use (issue 14). */
export const TopBarOverflow = (props: { user: SessionUser; onRefresh: () => void }) => (
  <LazyOverflow {...props} trigger={(handlers) => <MoreButton {...handlers} />} />
);
