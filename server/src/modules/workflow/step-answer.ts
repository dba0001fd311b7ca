/**
 * The answer of a life-cycle or document action (issue 32): what the acting tab draws after the step,
 * read after the commit with the viewer's own permissions, so that tab asks nothing more. Its own
 * events of the step are not sent back to it (infra/realtime/origin.ts).
 */
import type { TaskChats, TaskStep } from '@negayno/shared/contract';
import type { AuthUser } from '../../lib/auth-user.js';
import type { TasksService } from '../tasks/index.js';
import type { WorkflowService } from './service.js';

/** What a committed step leaves for its answer. */
export interface StepDone {
  taskId: number;
  deleted: boolean;
}

/** The chats module's read of a task's chat tabs (wired in services.ts; workflow does not own chats). */
export interface TaskChatsReader {
  taskChats(user: AuthUser, taskId: number): Promise<TaskChats>;
}

/** A step that deleted the task, or took it out of the viewer's sight: nothing left to draw. */
const NOTHING_LEFT: TaskStep = { card: null, task: null, actions: null, documents: [], ledger: null, estimates: [], chats: null };

export class TaskStepReader {
  constructor(
    private readonly workflow: Pick<WorkflowService, 'actionsOf' | 'documents' | 'ledger' | 'estimates'>,
    private readonly tasks: Pick<TasksService, 'cardAndTask'>,
    private readonly chats: TaskChatsReader,
  ) {}

  async after(user: AuthUser, done: StepDone): Promise<TaskStep> {
    const shown = done.deleted ? null : await this.tasks.cardAndTask(user, done.taskId);
    if (!shown) return NOTHING_LEFT;
    const { taskId } = done;
    const [actions, documents, chats] = await Promise.all([
      this.workflow.actionsOf(user, taskId),
      this.workflow.documents(user, taskId),
      this.chats.taskChats(user, taskId),
    ]);
    const [ledger, estimates] = await Promise.all([
      actions.seeLedger ? this.workflow.ledger(user, taskId) : null,
      actions.seeEstimates ? this.workflow.estimates(user, taskId) : [],
    ]);
    return { ...shown, actions, documents, ledger, estimates, chats };
  }
}
