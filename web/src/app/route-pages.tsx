import type { ComponentType } from 'react';
import { AnnouncementsPage } from '../features/announcements/announcements-page.js';
import { CompaniesPage } from '../features/companies/companies-page.js';
import { HelpsPage } from '../features/helps/helps-page.js';
import { RecoveryPasswordPage } from '../features/password-reset/recovery-password-page.js';
import { SettingsPage } from '../features/settings/settings-page.js';
import { SignupPage } from '../features/signup/signup-page.js';
import { UsersPage } from '../features/users/users-page.js';

/**
 * The screen of each route, by its title key in route-table.ts. A route without an entry shows its
 * title only (its feature is owned by a later issue). Features add one line here.
 */
export const RoutePages: Partial<Record<string, ComponentType>> = {
  companies: CompaniesPage,
  helps: HelpsPage,
  announcements: AnnouncementsPage,
  users: UsersPage,
  settings: SettingsPage,
};

/** Public pages (signup, password recovery) by title key, shown inside the public layout. */
export const PublicRoutePages: Partial<Record<string, ComponentType>> = {
  signup: SignupPage,
  recoveryPassword: RecoveryPasswordPage,
};
