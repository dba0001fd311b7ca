/**
 * The life cycle of the task open in the drawer: the actions the server offers the viewer now, the
 * task's documents (offer, contract) and its cost panel. The browser never decides what is allowed:
 * it shows what `GET /task/{id}/actions` and each document's `can` say. A step's answer (TaskStep) holds
 * all of it as it is after the step: it is applied here and handed on (`onStep`: the card to the board,
 * the task to the drawer, the chat tabs to the chats), and the step's own events are skipped by this
 * tab's listeners (isOwnEcho), so a step costs one request (issue 32).
 */
import { call } from '@negayno/shared/api';
import {
  endpoints,
  type DocumentActionBody,
  type DocumentActionName,
  type TaskActionBody,
  type TaskActionName,
  type TaskActions,
  type TaskDocument,
  type TaskEstimate,
  type TaskLedger,
  type TaskStep,
} from '@negayno/shared/contract';
import { makeAutoObservable, runInAction } from 'mobx';
import { settle, type LoadStatus } from './load.js';

export type StepResult = { ok: true } | { ok: false; error: unknown };

/** Who else draws a step's result: called with the task the step was taken on and the answer. */
export type StepListener = (taskId: number, step: TaskStep) => void;

export class TaskWorkflowStore {
  taskId: number | null = null;
  status: LoadStatus = 'idle';
  actions: TaskActions | null = null;
  documents: TaskDocument[] = [];
  ledger: TaskLedger | null = null;
  /** The performers' estimates, newest first: read only when the server says they are the viewer's (staff). */
  estimates: TaskEstimate[] = [];
  /** The action or document answer under way (its button shows a spinner, the offer card an overlay). */
  pending: string | null = null;

  constructor(private readonly onStep: StepListener = () => {}) {
    makeAutoObservable<TaskWorkflowStore, 'onStep'>(this, { onStep: false });
  }

  async load(taskId: number): Promise<LoadStatus> {
    if (this.taskId !== taskId) {
      this.taskId = taskId;
      this.actions = null;
      this.documents = [];
      this.ledger = null;
      this.estimates = [];
      this.status = 'loading';
    }
    const [actions, documents] = await Promise.all([
      settle(call(endpoints.workflow.actions, { params: { id: taskId } })),
      settle(call(endpoints.workflow.documents, { params: { id: taskId } })),
    ]);
    const seen = actions.status === 'ready' ? actions.answer : null;
    const [ledger, estimates] = await Promise.all([
      seen?.seeLedger ? settle(call(endpoints.workflow.ledger, { params: { id: taskId } })) : null,
      seen?.seeEstimates ? settle(call(endpoints.workflow.estimates, { params: { id: taskId } })) : null,
    ]);
    if (this.taskId !== taskId) return this.status;
    runInAction(() => {
      if (actions.status === 'ready') this.actions = actions.answer;
      if (documents.status === 'ready') this.documents = documents.answer;
      this.ledger = ledger?.status === 'ready' ? ledger.answer : null;
      this.estimates = estimates?.status === 'ready' ? estimates.answer : [];
      this.status = actions.status === 'ready' && documents.status === 'ready' ? 'ready' : actions.status === 'ready' ? documents.status : actions.status;
    });
    return this.status;
  }

  get offer(): TaskDocument | null {
    return this.documents.find((document) => document.type === 'offer') ?? null;
  }

  get contract(): TaskDocument | null {
    return this.documents.find((document) => document.type === 'contract') ?? null;
  }

  /** `POST /task/{id}/action/<name>`; the caller shows the error on its form. */
  act<Name extends TaskActionName>(name: Name, body: TaskActionBody<Name>): Promise<StepResult> {
    const taskId = this.taskId;
    if (taskId === null) return Promise.resolve({ ok: false, error: new Error('no task') });
    return this.step(() => call(endpoints.workflow.taskAction, { params: { id: taskId, name }, body }, { quiet: true, appliesAnswer: true }), name);
  }

  /** `POST /document/{id}/action/<name>`: the client's answer to the offer. */
  answer<Name extends DocumentActionName>(documentId: number, name: Name, body: DocumentActionBody<Name>): Promise<StepResult> {
    const taskId = this.taskId;
    if (taskId === null) return Promise.resolve({ ok: false, error: new Error('no task') });
    return this.step(
      () => call(endpoints.workflow.documentAction, { params: { id: documentId, name }, body }, { quiet: true, appliesAnswer: true }),
      `document-${name}`,
    );
  }

  /**
   * Tips (offered after the rating): `amount` from the client's wallet to one of the task's performers.
   * `idempotencyKey` stays the same while the person retries this tip, so it is paid once.
   */
  tip(performerId: number, amount: number | string, idempotencyKey: string): Promise<StepResult> {
    const taskId = this.taskId;
    if (taskId === null) return Promise.resolve({ ok: false, error: new Error('no task') });
    // A tip is a payment, not a step: its answer is the transaction; the cost panel is read again.
    return this.pendingWhile('tips', async () => {
      await call(endpoints.money.tips, { params: { id: taskId }, body: { amount, userId: performerId } }, { quiet: true, idempotencyKey });
      await this.load(taskId);
    });
  }

  versions(documentId: number): Promise<TaskDocument[]> {
    return call(endpoints.workflow.versions, { params: { id: documentId } });
  }

  clear(): void {
    this.taskId = null;
    this.actions = null;
    this.documents = [];
    this.ledger = null;
    this.estimates = [];
    this.status = 'idle';
  }

  /** Sends a step and applies its answer; the caller shows a refusal on its form. */
  private step(send: () => Promise<TaskStep>, name: string): Promise<StepResult> {
    const taskId = this.taskId!;
    return this.pendingWhile(name, async () => {
      const step = await send();
      runInAction(() => this.apply(taskId, step));
      this.onStep(taskId, step);
    });
  }

  /** The answer of a step on the task shown: nothing is left to show when the step took the task away. */
  private apply(taskId: number, step: TaskStep): void {
    if (this.taskId !== taskId || !step.actions) return;
    this.actions = step.actions;
    this.documents = step.documents;
    this.ledger = step.ledger;
    this.estimates = step.estimates;
    this.status = 'ready';
  }

  private async pendingWhile(name: string, work: () => Promise<void>): Promise<StepResult> {
    this.pending = name;
    try {
      await work();
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    } finally {
      runInAction(() => {
        this.pending = null;
      });
    }
  }
}
