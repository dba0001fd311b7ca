/**
 * The life cycle of the task open in the drawer: the actions the server offers the viewer now, the
 * task's documents (offer, contract) and its cost panel. The browser never decides what is allowed:
 * it shows what `GET /task/{id}/actions` and each document's `can` say, and reloads after every step.
 */
import { call } from '@negayno/shared/api';
import {
  endpoints,
  type DocumentActionBody,
  type DocumentActionName,
  type TaskActionBody,
  type TaskActionName,
  type TaskActions,
  type TaskCard,
  type TaskDocument,
  type TaskEstimate,
  type TaskLedger,
} from '@negayno/shared/contract';
import { makeAutoObservable, runInAction } from 'mobx';
import { settle, type LoadStatus } from './load.js';

export type StepResult = { ok: true; card: TaskCard | null } | { ok: false; error: unknown };

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

  constructor() {
    makeAutoObservable(this);
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
    return this.step(name, () => call(endpoints.workflow.taskAction, { params: { id: taskId, name }, body }, { quiet: true }));
  }

  /** `POST /document/{id}/action/<name>`: the client's answer to the offer. */
  answer<Name extends DocumentActionName>(documentId: number, name: Name, body: DocumentActionBody<Name>): Promise<StepResult> {
    return this.step(`document-${name}`, () => call(endpoints.workflow.documentAction, { params: { id: documentId, name }, body }, { quiet: true }));
  }

  /**
   * Tips (offered after the rating): `amount` from the client's wallet to one of the task's performers.
   * `idempotencyKey` stays the same while the person retries this tip, so it is paid once.
   */
  tip(performerId: number, amount: number | string, idempotencyKey: string): Promise<StepResult> {
    const taskId = this.taskId;
    if (taskId === null) return Promise.resolve({ ok: false, error: new Error('no task') });
    return this.step('tips', async () => {
      await call(endpoints.money.tips, { params: { id: taskId }, body: { amount, userId: performerId } }, { quiet: true, idempotencyKey });
      return null;
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

  private async step(name: string, send: () => Promise<TaskCard | null>): Promise<StepResult> {
    this.pending = name;
    try {
      const card = await send();
      if (this.taskId !== null) await this.load(this.taskId);
      return { ok: true, card };
    } catch (error) {
      return { ok: false, error };
    } finally {
      runInAction(() => {
        this.pending = null;
      });
    }
  }
}
