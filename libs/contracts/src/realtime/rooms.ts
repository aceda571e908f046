/** Tenant-scoped socket.io rooms (ARCHITECTURE.md §4): every room name starts with the company. */
export const rooms = {
  company: (companyId: number): string => `c:${companyId}`,
  user: (companyId: number, userId: number): string => `c:${companyId}:user:${userId}`,
  ticket: (companyId: number, ticketId: number | string): string =>
    `c:${companyId}:ticket:${ticketId}`,
  status: (companyId: number, status: string): string => `c:${companyId}:status:${status}`,
  notification: (companyId: number): string => `c:${companyId}:notification`,
  /**
   * The company's admins (and super users logged into it): they alone hear connection tokens and the
   * notices that the figures changed.
   */
  admins: (companyId: number): string => `c:${companyId}:admins`,
  /** Every authenticated socket, for platform-wide events such as announcements. */
  platform: (): string => 'platform',
  /** Super users' sockets, for what only they read (tenant operations). */
  supers: (): string => 'platform:super',
} as const;

/** The company a room belongs to (undefined for the platform room or a foreign name). */
export const roomCompanyId = (room: string): number | undefined => {
  const match = /^c:(\d+)(?::|$)/.exec(room);
  return match ? Number(match[1]) : undefined;
};
