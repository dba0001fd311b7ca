import type { FlowStep } from '@negayno/shared/contract';
import type { InvitationGrant } from '../invitations/index.js';

/** What the steps of a flow have established so far, kept in auth_flows.data. */
export interface FlowData {
  grant?: InvitationGrant;
  email?: string;
  /** The recovery's account (null: no account has that email, which the flow does not reveal). */
  userId?: number | null;
  emailVerified?: boolean;
  country?: string;
  firstname?: string;
  lastname?: string;
  nicknames?: string[];
  nickname?: string;
}

/** The fields each step sets: redoing a step forgets its own and every later step's. */
const FIELDS_OF: Record<FlowStep, Array<keyof FlowData>> = {
  'check-invitation-code': ['grant'],
  email: ['email', 'userId'],
  'check-email': ['emailVerified'],
  country: ['country'],
  fullname: ['firstname', 'lastname', 'nicknames'],
  nickname: ['nickname'],
  password: [],
};

export function forgetFrom(data: FlowData, steps: readonly FlowStep[]): FlowData {
  const kept = { ...data };
  for (const step of steps) for (const field of FIELDS_OF[step]) delete kept[field];
  return kept;
}
