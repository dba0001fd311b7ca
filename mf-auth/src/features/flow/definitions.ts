/**
 * The screens of each way in (spec 2) and how the server's `next` step maps onto them. A screen may
 * cover several server steps: the performer's "about you" sends the country and then the name, the
 * invited client's first screen sends the email and then checks the code.
 */
import type { FlowKind, NextStep } from '@negayno/shared/contract';

export type Screen = 'invitation' | 'email' | 'code' | 'emailCode' | 'country' | 'name' | 'about' | 'nickname' | 'password';

export type FlowName = 'client' | 'invited-client' | 'performer' | 'restore';

export interface FlowDefinition {
  name: FlowName;
  kind: FlowKind;
  screens: Screen[];
  /** Headings show "step n of N" (registration, not recovery). */
  numbered: boolean;
  screenFor(next: Exclude<NextStep, 'done'>): Screen;
}

const PLAIN: Record<Exclude<NextStep, 'done'>, Screen> = {
  'check-invitation-code': 'invitation',
  email: 'email',
  'check-email': 'code',
  country: 'country',
  fullname: 'name',
  nickname: 'nickname',
  password: 'password',
};

export const FLOWS: Record<FlowName, FlowDefinition> = {
  client: {
    name: 'client',
    kind: 'registration',
    screens: ['invitation', 'email', 'code', 'country', 'name', 'password'],
    numbered: true,
    screenFor: (next) => PLAIN[next],
  },
  'invited-client': {
    name: 'invited-client',
    kind: 'registration',
    screens: ['emailCode', 'name', 'country', 'password'],
    numbered: true,
    screenFor: (next) => (next === 'email' || next === 'check-email' ? 'emailCode' : PLAIN[next]),
  },
  performer: {
    name: 'performer',
    kind: 'performer-registration',
    screens: ['invitation', 'email', 'code', 'about', 'nickname', 'password'],
    numbered: true,
    screenFor: (next) => (next === 'country' || next === 'fullname' ? 'about' : PLAIN[next]),
  },
  restore: {
    name: 'restore',
    kind: 'restore-password',
    screens: ['email', 'code', 'password'],
    numbered: false,
    screenFor: (next) => PLAIN[next],
  },
};
