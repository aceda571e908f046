import type { SessionUser } from '@sb/contracts';
import { standInPopup } from '../../components/stand-in-popup.js';
import { ProfileButton } from './profile-button.js';

const LazyProfileMenu = standInPopup(() =>
  import('./profile-menu-loaded.js').then((m) => m.ProfileMenu),
);

/** The avatar menu of the top bar: its menu machine loads on first use (issue 14). */
export const ProfileMenu = ({ user }: { user: SessionUser }) => (
  <LazyProfileMenu
    user={user}
    trigger={(handlers) => <ProfileButton user={user} {...handlers} />}
  />
);
