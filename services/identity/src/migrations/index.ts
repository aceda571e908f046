import { IdentityInitial1763780400000 } from './1763780400000-identity-initial.js';

/** identity's migrations, oldest first (the platform runs its own before these). */
export const identityMigrations = [IdentityInitial1763780400000];
