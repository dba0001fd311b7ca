/**
 * The fields and request bodies of the actions only one side takes come in a chunk of that side
 * (issue 17): publishing and rating are the client's (`client-role`, with the tips dialog), assigning
 * performers, the estimate, the offer editor and the progress are staff's and the performer's
 * (`staff`). The server offers each action only to its side (decisions 3), so a client's drawer never
 * fetches the staff chunk and a pm's never the client one; role-chunks.spec.ts holds both to it.
 */
import type { Currency, ErrorCode, TaskActionName, TaskActions, TaskEstimate } from '@negayno/shared/contract';
import type { ComponentType, Dispatch, ReactNode, SetStateAction } from 'react';

/** The form's texts by field key. */
export type Values = Record<string, string>;

export interface TextFieldOptions {
  multiline?: boolean;
  required?: boolean;
  /** `datetime`: the browser's date and time picker, no earlier than now (issue 33). */
  type?: 'number' | 'text' | 'datetime';
  /** The field the server names in its errors, when it differs from the key. */
  field?: string;
}

/** What the dialog hands to a side's fields. */
export interface ActionFieldsProps {
  action: TaskActionName;
  values: Values;
  setValues: Dispatch<SetStateAction<Values>>;
  /** A text field bound to `values[key]`, with the server's error for its field under it. */
  text: (key: string, label: string, options?: TextFieldOptions) => ReactNode;
  fieldError: (field: string) => string | undefined;
  /** The performers the server offers to assign (to-estimation), and those chosen. */
  performers: TaskActions['performers'];
  chosen: number[];
  setChosen: Dispatch<SetStateAction<number[]>>;
  currency: Currency;
}

/** One side's part of the action forms. */
export interface RoleForms {
  Fields: ComponentType<ActionFieldsProps>;
  /** The body the server expects for one of this side's actions, from the form's texts. */
  bodyOf: (action: TaskActionName, values: Values, chosen: number[]) => Record<string, unknown>;
  /** What the form starts with (the offer editor: the work list and deadlines of the last estimate). */
  initialValues?: (action: TaskActionName, context: FormContext) => Values;
  /** The codes of the fields the form refuses before sending (a date in the past), by field key. */
  check?: (action: TaskActionName, values: Values, now: number) => Record<string, ErrorCode>;
}

/** What the dialog knows of the task for a form's first values. */
export interface FormContext {
  /** The performers' estimates, newest first (staff only). */
  estimates: TaskEstimate[];
  /** Unix seconds. */
  now: number;
}

const CLIENT_ACTIONS: readonly TaskActionName[] = ['publish', 'add-rating'];
const STAFF_ACTIONS: readonly TaskActionName[] = ['to-estimation', 'finish-evaluation', 'send-offer', 'progress'];

/** Whether an action's fields come from a side's chunk (else its form is a reason or a confirmation). */
export function hasRoleForms(action: TaskActionName): boolean {
  return CLIENT_ACTIONS.includes(action) || STAFF_ACTIONS.includes(action);
}

/** The chunk with an action's fields, or null for an action whose form is a reason or a confirmation. */
export function loadRoleForms(action: TaskActionName): Promise<RoleForms> | null {
  if (CLIENT_ACTIONS.includes(action)) return import(/* webpackChunkName: "client-role" */ './client-forms');
  if (STAFF_ACTIONS.includes(action)) return import(/* webpackChunkName: "staff" */ './staff-forms');
  return null;
}

/** The lines of a text area, trimmed, empty ones left out. */
export function lines(text: string | undefined): string[] {
  return (text ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
