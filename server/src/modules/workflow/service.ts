/**
 * The engine of the transition table: one action is one unit of work (lock the task, check who and
 * when, validate the body, apply the row's effect and dates, write the status, say it in the main chat,
 * notify). What it changed (the task, its documents, the chat line, the accounts the ledger posted to)
 * is told live once it committed; what the acting tab draws next is read by step-answer.ts.
 */
import {
  DOCUMENT_ACTIONS,
  TASK_ACTIONS,
  type DocumentActionName,
  type TaskActionName,
  type TaskActions,
  type TaskDocument,
  type TaskEstimate,
  type TaskLedger,
} from '@negayno/shared/contract';
import type { WorkflowConfig } from '../../config.js';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/app-error.js';
import { validate } from '../../http/validate.js';
import type { Unit, UnitOfWork } from '../../infra/realtime/unit-of-work.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { toUnixOrNull } from '../../lib/time.js';
import { postSystemMessage } from '../chats/index.js';
import { canTip, isWorkAccepted, taskLedger, type EscrowService } from '../money/index.js';
import type { ProjectAccess, ProjectsService } from '../projects/index.js';
import type { TasksService } from '../tasks/index.js';
import type { WorkflowNotifier } from './notifier.js';
import { actorsOf, canSeeDocuments, canSeeEstimates, canSeePrices, canSeeTaskLedger } from './policy.js';
import { toDocument, toEstimate } from './presenters.js';
import {
  allPerformers,
  currentDocument,
  deleteTask,
  documentsOfTask,
  estimatesOfTask,
  findDocument,
  namesOf,
  lockTask,
  performerIdsOf,
  readTask,
  peopleOfTask,
  performsTask,
  projectCurrency,
  updateTask,
  type DocumentRow,
  type LockedTask,
} from './repo.js';
import type { StepDone } from './step-answer.js';
import { TABLE, whoMay, type Actor, type RowName, type Step, type StepDeps } from './table.js';

interface Viewer {
  user: AuthUser;
  access: ProjectAccess;
}

/**
 * What publishing asks of the staffing module (wired in services.ts): a task published in a project
 * without an am is announced to every am and operator, in the step's transaction (issue 31).
 */
export interface PublishWatch {
  taskPublished(trx: Db, task: { projectId: number; taskId: number }, actorId: number | null): Promise<void>;
}

export class WorkflowService {
  private readonly deps: StepDeps;

  constructor(
    private readonly db: Db,
    private readonly units: UnitOfWork,
    private readonly projects: ProjectsService,
    private readonly tasks: TasksService,
    private readonly notifier: WorkflowNotifier,
    escrow: EscrowService,
    settings: WorkflowConfig,
    private readonly staffing: PublishWatch | null = null,
  ) {
    this.deps = { escrow, settings };
  }

  /** `POST /task/{id}/action/<name>`. */
  async taskAction(user: AuthUser, taskId: number, name: TaskActionName, body: unknown): Promise<StepDone> {
    const viewer = await this.viewerOf(user, taskId);
    return this.units.run(async (unit) => {
      const task = await this.lock(unit.trx, taskId);
      return this.run(unit, name, task, { userId: user.id, actors: await this.actorsIn(unit.trx, viewer, task) }, body);
    });
  }

  /** `POST /document/{id}/action/<name>`: the client's answer to the task's current offer. */
  async documentAction(user: AuthUser, documentId: number, name: DocumentActionName, body: unknown): Promise<StepDone> {
    const { viewer, document } = await this.visibleDocument(user, documentId);
    return this.units.run(async (unit) => {
      const { trx } = unit;
      const task = await this.lock(trx, document.task_id);
      const current = await currentDocument(trx, task.id, 'offer');
      const actors = await this.actorsIn(trx, viewer, task);
      // An older version or a contract is not answered: the same refusal as an answer out of order.
      if (document.type !== 'offer' || current?.id !== document.id) {
        this.checkWho(TABLE[`document-${name}`], task, actors);
        throw new AppError('method_not_allowed');
      }
      return this.run(unit, `document-${name}`, task, { userId: user.id, actors }, body, document);
    });
  }

  /** The scheduler's step: no person, the `system` actor. Answers false when the row no longer applies. */
  async systemAction(unit: Unit, name: TaskActionName, task: LockedTask): Promise<boolean> {
    try {
      await this.run(unit, name, task, { userId: null, actors: new Set<Actor>(['system']) }, {});
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** `GET /task/{id}/actions`: every row the viewer could take now, by the same checks the calls make. */
  async actionsOf(user: AuthUser, taskId: number): Promise<TaskActions> {
    const viewer = await this.viewerOf(user, taskId);
    const task = await this.lock(this.db, taskId);
    const actors = await this.actorsIn(this.db, viewer, task);
    const actions: TaskActionName[] = [];
    for (const name of TASK_ACTIONS) if (await this.allows(this.db, name, task, actors)) actions.push(name);
    const performers = actions.includes('to-estimation') ? await allPerformers(this.db) : [];
    // Tips (decisions 5): the client's, on every task whose work they accepted, while it had performers.
    const tip =
      canTip(viewer.access.role) &&
      isWorkAccepted({ status: task.status, archivedFrom: task.archived_from }) &&
      (await performerIdsOf(this.db, taskId)).length > 0;
    return { taskId, actions, performers, seeLedger: canSeeTaskLedger(viewer.access), seeEstimates: canSeeEstimates(viewer.access), tip };
  }

  /** `GET /task/{id}/documents`: the current offer and the contract; guests see none, prices per spec 6. */
  async documents(user: AuthUser, taskId: number): Promise<TaskDocument[]> {
    const viewer = await this.viewerOf(user, taskId);
    if (!canSeeDocuments(viewer.access)) return [];
    const rows = await documentsOfTask(this.db, taskId);
    const currentOffer = rows.filter((row) => row.type === 'offer').at(-1);
    const shown = rows.filter((row) => row.type === 'contract' || row === currentOffer);
    return this.present(viewer, taskId, shown, currentOffer?.id ?? null);
  }

  /** `GET /document/{id}/versions`: every version of the offer, oldest first. */
  async versions(user: AuthUser, documentId: number): Promise<TaskDocument[]> {
    const { viewer, document } = await this.visibleDocument(user, documentId);
    const rows = (await documentsOfTask(this.db, document.task_id)).filter((row) => row.type === document.type);
    const currentOffer = rows.filter((row) => row.type === 'offer').at(-1);
    return this.present(viewer, document.task_id, rows, currentOffer?.id ?? null);
  }

  /** `GET /task/{id}/ledger`: committed, in escrow, released, refunded, tips, from the ledger itself. */
  async ledger(user: AuthUser, taskId: number): Promise<TaskLedger> {
    const viewer = await this.viewerOf(user, taskId);
    if (!canSeeTaskLedger(viewer.access)) throw new AppError('access_denied');
    return taskLedger(this.db, taskId, await projectCurrency(this.db, viewer.access.projectId));
  }

  /** `GET /task/{id}/estimates`: the performers' estimates, newest first; never a client's to read (issue 33). */
  async estimates(user: AuthUser, taskId: number): Promise<TaskEstimate[]> {
    const viewer = await this.viewerOf(user, taskId);
    if (!canSeeEstimates(viewer.access)) throw new AppError('access_denied');
    return (await estimatesOfTask(this.db, taskId)).map(toEstimate);
  }

  private async present(viewer: Viewer, taskId: number, rows: DocumentRow[], currentOfferId: number | null): Promise<TaskDocument[]> {
    const task = await this.lock(this.db, taskId);
    const actors = await this.actorsIn(this.db, viewer, task);
    const can = Object.fromEntries(
      await Promise.all(DOCUMENT_ACTIONS.map(async (name) => [name, await this.allows(this.db, `document-${name}`, task, actors)] as const)),
    ) as unknown as TaskDocument['can'];
    const performers = await this.db
      .selectFrom('task_performers as tp')
      .innerJoin('users as u', 'u.id', 'tp.user_id')
      .select(['u.id', 'u.firstname', 'u.lastname', 'tp.date_finish'])
      .where('tp.task_id', '=', taskId)
      .orderBy('tp.created_at')
      .execute();
    const now = new Date();
    const rejecters = await namesOf(this.db, [...new Set(rows.flatMap((row) => (row.rejected_by === null ? [] : [row.rejected_by])))]);
    return rows.map((row) =>
      toDocument(row, {
        seesPrices: canSeePrices(viewer.access),
        now,
        currentOfferId,
        offerExpiration: task.date_offer_expiration,
        datePause: task.date_pause,
        performers: performers.map((p) => ({ id: p.id, firstname: p.firstname, lastname: p.lastname, dateFinish: toUnixOrNull(p.date_finish) })),
        rejecters,
        can,
      }),
    );
  }

  private async run(
    unit: Unit,
    name: RowName,
    task: LockedTask,
    actor: { userId: number | null; actors: Set<Actor> },
    rawBody: unknown,
    document?: DocumentRow,
  ): Promise<StepDone> {
    const { trx, changed } = unit;
    const row = TABLE[name];
    this.checkWho(row, task, actor.actors);
    const now = new Date();
    const base: Step<undefined> = { trx, changed, task, userId: actor.userId, actors: actor.actors, now, deps: this.deps, document, body: undefined };
    if (!row.from.includes(task.status)) throw new AppError('method_not_allowed');
    const verdict = row.guard ? await row.guard(base) : true;
    if (verdict !== true) throw new AppError(verdict === false ? 'method_not_allowed' : verdict);
    const body = validate(row.body, rawBody ?? {});
    const effect = row.effect ? await row.effect({ ...base, body }) : {};
    const ref = { id: task.id, projectId: task.project_id };
    const people = await peopleOfTask(trx, task);
    if (effect.deleted) {
      await deleteTask(trx, task.id);
    } else {
      await updateTask(trx, task.id, { ...(row.to ? { status: row.to } : {}), ...effect.patch }, now);
      if (effect.say) await postSystemMessage(unit, ref, effect.say, effect.deadline ?? null);
    }
    // A deleted draft is told too: its card leaves the boards when they read it again.
    changed.task(ref);
    if (effect.documentsChanged) changed.documents(ref);
    // Performers taken off the task leave its task and chat rooms at once (issue 35 H5b).
    if (effect.leftTask?.length) changed.access(effect.leftTask);
    const userIds = [...new Set(row.notify.flatMap((audience) => people[audience]))].filter((id) => id !== actor.userId);
    if (userIds.length > 0)
      await this.notifier.notify(trx, { userIds, kind: `task.${name}`, taskId: task.id, projectId: task.project_id, actorId: actor.userId });
    if (name === 'publish') await this.staffing?.taskPublished(trx, { projectId: task.project_id, taskId: task.id }, actor.userId);
    return { taskId: task.id, deleted: Boolean(effect.deleted) };
  }

  private checkWho(row: (typeof TABLE)[RowName], task: LockedTask, actors: ReadonlySet<Actor>): void {
    if (!whoMay(row, task).some((who) => actors.has(who))) throw new AppError('access_denied');
  }

  /** The same checks as a call, without a body: whether the row is open to these actors now. */
  private async allows(db: Db, name: RowName, task: LockedTask, actors: Set<Actor>): Promise<boolean> {
    const row = TABLE[name];
    if (!whoMay(row, task).some((who) => actors.has(who)) || !row.from.includes(task.status)) return false;
    if (!row.guard) return true;
    return (await row.guard({ trx: db, task, userId: null, actors, now: new Date(), deps: this.deps, body: undefined })) === true;
  }

  /** A task the viewer may not see is answered like one that does not exist. */
  private async viewerOf(user: AuthUser, taskId: number): Promise<Viewer> {
    if (!(await this.tasks.canSee(user, taskId))) throw new AppError('task_not_found');
    const task = await this.lock(this.db, taskId);
    const access = await this.projects.accessTo(user, task.project_id);
    if (!access) throw new AppError('task_not_found');
    return { user, access };
  }

  private async visibleDocument(user: AuthUser, documentId: number): Promise<{ viewer: Viewer; document: DocumentRow }> {
    const document = await findDocument(this.db, documentId);
    if (!document || !(await this.tasks.canSee(user, document.task_id))) throw new AppError('document_not_found');
    const viewer = await this.viewerOf(user, document.task_id);
    if (!canSeeDocuments(viewer.access)) throw new AppError('document_not_found');
    return { viewer, document };
  }

  private async lock(db: Db, taskId: number): Promise<LockedTask> {
    const task = await (db.isTransaction ? lockTask(db, taskId) : readTask(db, taskId));
    if (!task) throw new AppError('task_not_found');
    return task;
  }

  private async actorsIn(db: Db, viewer: Viewer, task: LockedTask): Promise<Set<Actor>> {
    return actorsOf(viewer.user, viewer.access, task, viewer.user.role === 'performer' && (await performsTask(db, task.id, viewer.user.id)));
  }
}
