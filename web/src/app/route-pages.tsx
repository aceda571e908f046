import type { ComponentType } from 'react';

/**
 * The screen of each route, by its title key in route-table.ts. A route without an entry shows its
 * title only (its feature is owned by a later issue). Features add one line here.
 */
export const RoutePages: Partial<Record<string, ComponentType>> = {};

/** Public pages (signup, password recovery) by title key, shown inside the public layout. */
export const PublicRoutePages: Partial<Record<string, ComponentType>> = {};
