/** Every key the app keeps in localStorage (spec 3 §3 browser-storage preferences, spec 1 §4 session). */
export const StorageKeys = {
  token: 'token',
  theme: 'preferredTheme',
  language: 'i18nextLng',
  volume: 'volume',
  cshow: 'cshow',
  tasks: 'tasks',
  /** + `:<userId>`: the kanban lane order of one user (ids, JSON) */
  kanbanLanes: 'kanbanLaneOrder',
  /** + `:<userId>`: when that user last opened the announcements (ISO date) */
  announcementsSeen: 'announcementsSeenAt',
} as const;

const read = (key: string): string | null => {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
};

const write = (key: string, value: string | null): void => {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // storage disabled (private mode): the preference lives for this page only
  }
};

export const storedToken = (): string | null => read(StorageKeys.token);
export const storeToken = (token: string | null): void => write(StorageKeys.token, token);

export type ThemeName = 'light' | 'dark';
export const storedTheme = (): ThemeName | null => {
  const value = read(StorageKeys.theme);
  return value === 'light' || value === 'dark' ? value : null;
};
export const storeTheme = (theme: ThemeName): void => write(StorageKeys.theme, theme);

export const storedLanguage = (): string | null => read(StorageKeys.language);
export const storeLanguage = (language: string): void => write(StorageKeys.language, language);

/** Notification volume, 0 to 1; 1 when nothing valid is stored. */
export const storedVolume = (): number => {
  const value = Number.parseFloat(read(StorageKeys.volume) ?? '');
  return Number.isFinite(value) && value >= 0 && value <= 1 ? value : 1;
};
export const storeVolume = (volume: number): void => write(StorageKeys.volume, String(volume));

/** The campaign and contact-list routes exist only while this flag is present. */
export const campaignRoutesEnabled = (): boolean => read(StorageKeys.cshow) !== null;

/** Stores or removes the campaign flag (the company setting campaignsEnabled decides, spec 3 §2.1). */
export const storeCampaignRoutes = (enabled: boolean): void =>
  write(StorageKeys.cshow, enabled ? 'true' : null);

/** The local to-do list (spec 3 §2.20) as stored: JSON text, or null when none was saved. */
export const storedTasks = (): string | null => read(StorageKeys.tasks);
export const storeTasks = (json: string): void => write(StorageKeys.tasks, json);

/**
 * The kanban lane order a user chose (lane ids, left to right). Kept per user in this browser: the
 * app keeps no kanban setting on the server, and a lane order is one person's view of the board.
 */
export const storedLaneOrder = (userId: number): number[] => {
  try {
    const parsed: unknown = JSON.parse(read(`${StorageKeys.kanbanLanes}:${userId}`) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
};
export const storeLaneOrder = (userId: number, order: number[]): void =>
  write(`${StorageKeys.kanbanLanes}:${userId}`, JSON.stringify(order));

/** When the user last opened the announcements list (ISO date), null before the first time. */
export const storedAnnouncementsSeen = (userId: number): string | null =>
  read(`${StorageKeys.announcementsSeen}:${userId}`);
export const storeAnnouncementsSeen = (userId: number, at: string): void =>
  write(`${StorageKeys.announcementsSeen}:${userId}`, at);
