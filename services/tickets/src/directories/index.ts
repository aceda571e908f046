// what other packages' tests may use of tickets' directories (the users replica it keeps of identity)
export { IdentityDirectory, type ReplicaUser } from './identity-directory.js';
export { systemContext } from './system-context.js';
