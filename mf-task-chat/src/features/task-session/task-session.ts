/**
 * One session per open task (issue 32). The drawer's parts (the task, its life cycle: actions,
 * documents, cost panel and estimates, its files and its description) are read when the task opens and
 * kept live by this one listener: it joins `task:{id}` once and sends each event to the part it names,
 * instead of each component subscribing and reading again on its own (a step in another browser used
 * to reach three listeners, each reading the task again). A step taken in this tab was drawn from its
 * answer (TaskWorkflowStore), so its own echo is skipped.
 */
import { getSocket, isOwnEcho, joinRoom, onReconnect, type LiveSocket } from '@negayno/shared/api';
import { rooms, type RoomName, type ServerEvent } from '@negayno/shared/contract';
import { rootStore } from '@negayno/shared/stores';
import { TaskWorkflowStore, workStores } from '@negayno/shared/work-stores';
import { filesStore, type FilesStore } from '../task-drawer/attachments/files-store';
import { descriptionStore, type DescriptionStore } from '../task-drawer/description/description-store';
import { taskDrawerStore, type TaskDrawerStore } from '../task-drawer/task-drawer-store';

/** The stores that draw the open task. */
export interface TaskParts {
  task: TaskDrawerStore;
  workflow: TaskWorkflowStore;
  files: FilesStore;
  description: DescriptionStore;
}

/** Where live events come from: the page's socket in the app, an emitter in tests. */
export interface LiveChannel {
  socket: LiveSocket;
  join(room: RoomName): () => void;
  /** Called when a room's missed events could not be replayed (the view reads again). */
  onResync(listener: (room: RoomName) => void): () => void;
  /** The signed-in person, to tell this tab's own echo. */
  me(): number | null;
}

const pageChannel: LiveChannel = {
  socket: getSocket(),
  join: (room) => joinRoom(room),
  onResync: onReconnect,
  me: () => rootStore.session.user?.id ?? null,
};

export class TaskSession {
  constructor(
    readonly parts: TaskParts,
    private readonly live: LiveChannel = pageChannel,
  ) {}

  /**
   * Shows a task: every part starts its read at once (side by side, not after the task's answer) and
   * the session listens to the task's room. Returns the function that stops listening; the parts keep
   * what they hold, so the drawer reopened on the same task paints at once.
   */
  open(taskId: number): () => void {
    const { task, workflow, files, description } = this.parts;
    // The cached description paints at once; the task's answer replaces it.
    description.show(taskId, null);
    files.show(taskId);
    void task.load(taskId);
    void workflow.load(taskId);
    return this.listen(taskId);
  }

  /** Forgets the task (the drawer was closed): the next open asks the server again (spec 2). */
  clear(): void {
    this.parts.task.clear();
    this.parts.workflow.clear();
    this.parts.files.show(null);
  }

  private listen(taskId: number): () => void {
    const { socket } = this.live;
    const room = rooms.task(taskId);
    const foreign = (event: { taskId: number; origin?: string }) => event.taskId === taskId && !isOwnEcho(event, this.live.me());
    const onTask = (event: ServerEvent<'task.update'>) => {
      if (!foreign(event)) return;
      void this.readTask(taskId);
      void this.parts.workflow.load(taskId);
    };
    const onDocuments = (event: ServerEvent<'task.documents.update'>) => {
      if (foreign(event)) void this.parts.workflow.load(taskId);
    };
    const onFiles = (event: ServerEvent<'task.files.update'>) => {
      if (event.taskId === taskId) void this.parts.files.load();
    };
    const leave = this.live.join(room);
    socket.on('task.update', onTask);
    socket.on('task.documents.update', onDocuments);
    socket.on('task.files.update', onFiles);
    const stopResync = this.live.onResync((missed) => {
      if (missed !== room) return;
      void this.readTask(taskId);
      void this.parts.workflow.load(taskId);
      void this.parts.files.load();
    });
    return () => {
      socket.off('task.update', onTask);
      socket.off('task.documents.update', onDocuments);
      socket.off('task.files.update', onFiles);
      stopResync();
      leave();
    };
  }

  /** The task read again; its description history too, where the task as read still lets the viewer see it. */
  private async readTask(taskId: number): Promise<void> {
    const { task, description } = this.parts;
    await task.load(taskId);
    description.refreshHistory(task.task?.id === taskId && task.task.can.edit);
  }
}

/**
 * A step's answer goes to every store that draws the task in this tab: the board's card (gone when the
 * step took the task away), the drawer's task and the chat tabs.
 */
const workflowStore = new TaskWorkflowStore((taskId, step) => {
  const { board, chats } = workStores;
  if (step.card) board.upsert(step.card);
  else board.remove(taskId);
  taskDrawerStore.applyStep(taskId, step.task);
  if (step.chats) chats.applyTaskChats(step.chats);
});
rootStore.session.onCleared(() => workflowStore.clear());

/** One session per page: the drawer shows one task at a time, and its stores outlive the drawer's remounts. */
export const taskSession = new TaskSession({ task: taskDrawerStore, workflow: workflowStore, files: filesStore, description: descriptionStore });
