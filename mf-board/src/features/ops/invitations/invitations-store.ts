/** The console's invitation codes: the list by kind, issuing and revoking. */
import { opsEndpoints } from '@negayno/shared/contract/ops-endpoints';
import { makeAutoObservable } from 'mobx';
import { type InvitationCodeKind, type IssueInvitationBody, type OpsInvitation } from '@negayno/shared/contract';
import { call } from '@negayno/shared/api';
import { PagedList } from '../paged-list';

export interface InvitationsFilters {
  q?: string;
  kind?: InvitationCodeKind;
}

export class InvitationsStore {
  readonly list = new PagedList<OpsInvitation, InvitationsFilters>(
    (filters, backFrom) => call(opsEndpoints.invitations, { query: { ...filters, backFrom } }, { name: 'ops-invitations', quiet: true }),
    (invitation) => invitation.id,
    {},
  );

  constructor() {
    makeAutoObservable(this, { list: false });
  }

  async issue(body: IssueInvitationBody): Promise<OpsInvitation> {
    const invitation = await call(opsEndpoints.issueInvitation, { body }, { quiet: true });
    this.list.put(invitation);
    return invitation;
  }

  async revoke(invitation: OpsInvitation): Promise<OpsInvitation> {
    const revoked = await call(opsEndpoints.revokeInvitation, { params: { id: invitation.id } }, { quiet: true });
    this.list.put(revoked);
    return revoked;
  }
}
