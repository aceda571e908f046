import type { SessionUser } from '@sb/contracts';
import { standInPopup } from '../../components/stand-in-popup.js';
import { MoreButton } from './more-button.js';

const LazyOverflow = standInPopup(() =>
  import('./top-bar-overflow-loaded.js').then((m) => m.TopBarOverflow),
);

/** The phone's overflow menu of the top bar: its menu and dialogs load on first use (issue 14). */
export const TopBarOverflow = (props: { user: SessionUser; onRefresh: () => void }) => (
  <LazyOverflow {...props} trigger={(handlers) => <MoreButton {...handlers} />} />
);
