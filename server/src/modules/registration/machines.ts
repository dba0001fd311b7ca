/**
 * The step machines (spec 2, 4, 7): which steps each flow has, in which order, and which call is
 * allowed where. A flow may move on to its next step, or go back to redo any step it has passed
 * (everything established from that step on is then forgotten and must be done again); the code
 * check only ever follows a sent code. Nothing can be skipped, and a finished flow no longer exists.
 */
import type { FlowKind, FlowStep, NextStep } from '@negayno/shared/contract';
import type { FlowMachine } from '../../db/schema.js';

export const MACHINES: Record<FlowMachine, readonly FlowStep[]> = {
  /** 6 steps: with an invitation code (or a promo code). */
  client: ['check-invitation-code', 'email', 'check-email', 'country', 'fullname', 'password'],
  /** 4 screens: invited to a project by email, so no invitation code (spec 2's order: name before country). */
  'invited-client': ['email', 'check-email', 'fullname', 'country', 'password'],
  performer: ['check-invitation-code', 'email', 'check-email', 'country', 'fullname', 'nickname', 'password'],
  restore: ['email', 'check-email', 'password'],
};

/** The machine a flow of a kind starts when its first call is this step. */
const ENTRIES: Record<FlowKind, Partial<Record<FlowStep, FlowMachine>>> = {
  registration: { 'check-invitation-code': 'client', email: 'invited-client' },
  'performer-registration': { 'check-invitation-code': 'performer' },
  'restore-password': { email: 'restore' },
};

export function machinesOf(kind: FlowKind): FlowMachine[] {
  return [...new Set(Object.values(ENTRIES[kind]))];
}

export function kindOf(machine: FlowMachine): FlowKind {
  return machine === 'performer' ? 'performer-registration' : machine === 'restore' ? 'restore-password' : 'registration';
}

/** Whether a flow of `machine` that expects `current` accepts a call of `step`. */
export function admits(machine: FlowMachine, current: FlowStep, step: FlowStep): boolean {
  const steps = MACHINES[machine];
  const at = steps.indexOf(step);
  if (at === -1) return false;
  if (step === 'check-email') return current === 'check-email';
  return at <= steps.indexOf(current);
}

/** The machine a call of `step` starts afresh, if that step begins one (a fresh flow replaces the old). */
export function entryOf(kind: FlowKind, step: FlowStep): FlowMachine | undefined {
  return ENTRIES[kind][step];
}

export function nextAfter(machine: FlowMachine, step: FlowStep): NextStep {
  const steps = MACHINES[machine];
  return steps[steps.indexOf(step) + 1] ?? 'done';
}

/** The steps from `step` on: what redoing it forgets. */
export function stepsFrom(machine: FlowMachine, step: FlowStep): readonly FlowStep[] {
  const steps = MACHINES[machine];
  return steps.slice(steps.indexOf(step));
}

/** Whether the step is one of this kind's calls at all (an unknown one is a 404, not a 409). */
export function isStepOf(kind: FlowKind, step: FlowStep): boolean {
  return machinesOf(kind).some((machine) => MACHINES[machine].includes(step));
}
