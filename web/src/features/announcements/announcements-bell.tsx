import type { SessionUser } from '@sb/contracts';
import { Popover } from '@chakra-ui/react';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LuMegaphone } from 'react-icons/lu';
import { lazyComponent } from '../../app/lazy-page.js';
import { HeaderPopover } from '../shell/header-popover.js';
import { markAnnouncementsSeen, unseenCount, useAnnouncementsSeen } from './announcements-seen.js';
import { usePopoverAnnouncementsQuery } from './announcements.api.js';

// the list itself loads when the popover first opens
const AnnouncementsPopoverList = lazyComponent(() =>
  import('./announcements-popover.js').then((m) => m.AnnouncementsPopoverList),
);

/**
 * While the popover is open, what its list shows is seen. The popover keeps its body mounted once
 * opened, so this follows its open state rather than the list's mounting.
 */
const SeenWhileOpen = ({ open, userId }: { open: boolean; userId: number }) => {
  const { data } = usePopoverAnnouncementsQuery({ searchParam: '', pageNumber: 1 });
  useEffect(() => {
    if (open && data) markAnnouncementsSeen(userId, data.records);
  }, [open, userId, data]);
  return null;
};

/**
 * The top bar's announcements button with the count of announcements created since the user last
 * opened the list (announcements-seen.ts); opening it clears the count.
 */
export const AnnouncementsBell = ({ user }: { user: SessionUser }) => {
  const { t } = useTranslation('shell');
  // the same cache entry as the popover list: page 1 of the active announcements, kept by the socket
  const { data } = usePopoverAnnouncementsQuery({ searchParam: '', pageNumber: 1 });
  const seenAt = useAnnouncementsSeen(user.id);
  return (
    <HeaderPopover
      label={t('announcements')}
      icon={<LuMegaphone />}
      emptyIcon={<LuMegaphone />}
      emptyText={t('noAnnouncements')}
      testId="announcements"
      count={unseenCount(data?.records ?? [], seenAt)}
    >
      <Suspense fallback={null}>
        <AnnouncementsPopoverList />
        <Popover.Context>
          {(popover) => <SeenWhileOpen open={popover.open} userId={user.id} />}
        </Popover.Context>
      </Suspense>
    </HeaderPopover>
  );
};
