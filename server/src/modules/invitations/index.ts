/** The invitations module's front door: invitation codes, as registration and the operator's tool use them. */
export { insertInvitation } from './repo.js';
export { InvitationsService, type InvitationGrant, type InvitationView } from './service.js';
