/**
 * One simulated person of the fault harness: HTTP through nginx and a socket.io connection (websocket)
 * with the browser's own catch-up (`LiveRooms` of shared/src/api), in the rooms a board with an open
 * task chat joins. It works like a person would (writes in the chat, renames and reprioritises tasks,
 * tops up the project) and keeps what it heard, so the run can compare it with the server at the end:
 * - every event delivery per room and number, live (off the wire) or replayed from the log;
 * - the chat's message ids and each task's last change date, as its live events told it;
 * - its sends and top-ups, retried after a failure with the same key until one is answered, and every
 *   failed attempt (what a person would have seen), by phase of the run.
 */
import type { EventsPage, JoinResult, LoggedEventName, RoomName } from '@negayno/shared/contract';
import { SOCKET_PATH, SOCKET_RECONNECT_DELAY_MAX_MS, rooms } from '@negayno/shared/contract';
import { io, type Socket } from 'socket.io-client';
import { LiveRooms } from '@negayno/shared/live-rooms';
import { DEFAULT_TEST_PASSWORD } from '../../seed/builders.js';
import type { Person } from './world.js';

/** Every logged event: the client counts each one it is handed, whatever it is. */
const LOGGED_EVENTS: LoggedEventName[] = [
  'user.transaction.update',
  'user.bonus.transaction.update',
  'project.transaction.update',
  'project.update',
  'task.update',
  'task.documents.update',
  'task.files.update',
  'message.update',
  'chat.read',
  'task.chats.update',
  'notification.new',
];

/** A request that failed on the way (a process killed under it, nginx with no process to send to) is retried after this. */
const RETRY_MS = 500;
/** Beyond this a call is given up and counted as failed for good. */
const GIVE_UP_MS = 60_000;
/** In minor units (kopiykas): 500 hryvnias, within the default TOPUP_MIN and TOPUP_MAX. */
const TOP_UP_AMOUNT = 50_000;

export interface Delivery {
  live: number;
  applied: number;
}

export interface TopUp {
  orderId: string;
  /** The answered status of the confirmation; `completed` is an accepted payment. */
  status: string;
  /** Its confirmation was retried after a kill (see `cutTempIds`). */
  cut: boolean;
}

export class SimulatedPerson {
  cookie = '';
  socket: Socket | null = null;
  live: LiveRooms | null = null;
  phase = 'warm-up';
  /** The number each room started from for this client (its first join's answer). */
  readonly firstSeq = new Map<RoomName, number>();
  readonly deliveries = new Map<RoomName, Map<number, Delivery>>();
  readonly messageIds = new Set<number>();
  readonly taskDates = new Map<number, number>();
  readonly projectTransactions = new Set<number>();
  readonly sentTempIds: string[] = [];
  /**
   * Changes whose call went unanswered at first (its process killed under it) and was retried: the
   * first attempt may have committed and its live event died with the process. Kept to tell those
   * apart in the end check; every other change must reach every client.
   */
  readonly cutTempIds = new Set<string>();
  readonly cutTaskIds = new Set<number>();
  /** Money calls refused on a retry because the killed first attempt still holds the idempotency key. */
  readonly stuckKeys: string[] = [];
  readonly topUps: TopUp[] = [];
  /** Failed attempts by phase (each was retried). */
  readonly failedAttempts = new Map<string, number>();
  readonly failures: string[] = [];
  /** Errors answered by a process itself (not nginx's "no process to send to"), retried: which calls. */
  readonly serverErrors: string[] = [];
  readonly reconnectMs: Array<{ ms: number; phase: string }> = [];
  /** Why reconnect attempts failed, by phase (the next attempt follows on its own). */
  readonly reconnectErrors: string[] = [];
  private disconnectedAt: number | null = null;
  private sends = 0;
  private topUpsStarted = 0;
  /** A distinct client address per person, for the server's limits that count per address (nginx is sticky by session, not by address). */
  private readonly address: string;

  constructor(
    readonly person: Person,
    private readonly baseUrl: string,
  ) {
    this.address = `100.64.${Math.floor(person.index / 250)}.${(person.index % 250) + 1}`;
  }

  get rooms(): RoomName[] {
    return [rooms.user(this.person.userId), rooms.project(this.person.projectId), rooms.chat(this.person.chatId)];
  }

  async connect(): Promise<void> {
    const response = await this.retrying('POST', '/api/login', { email: this.person.email, password: DEFAULT_TEST_PASSWORD }, true);
    this.cookie = response.cookie;
    const socket = io(this.baseUrl, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      extraHeaders: this.headers(),
      forceNew: true,
      reconnectionDelayMax: SOCKET_RECONNECT_DELAY_MAX_MS,
    });
    this.socket = socket;
    this.live = new LiveRooms(
      socket,
      (room, after) => this.fetchEvents(room, after),
      (room) => this.failures.push(`resync of ${room}`),
    );
    socket.onAny((_name: string, payload: { seq?: Partial<Record<RoomName, number>> } | null) => {
      for (const [room, seq] of Object.entries(payload?.seq ?? {}) as Array<[RoomName, number]>) this.delivery(room, seq).live += 1;
    });
    for (const name of LOGGED_EVENTS) socket.on(name, (payload: { seq?: Partial<Record<RoomName, number>> }) => this.apply(name, payload));
    socket.on('live.hello', (hello: { room: RoomName; seq: number }) => this.started(hello.room));
    socket.on('connect', () => {
      if (this.disconnectedAt !== null) this.reconnectMs.push({ ms: Date.now() - this.disconnectedAt, phase: this.phase });
      this.disconnectedAt = null;
      for (const room of this.rooms.slice(1)) socket.emit('join', room, (result: JoinResult) => this.joined(room, result));
    });
    socket.io.on('reconnect_error', (error: Error) => this.reconnectErrors.push(`${this.phase}: ${error.message}`));
    socket.on('disconnect', (reason) => {
      this.disconnectedAt ??= Date.now();
      // The server sends this only when it means the client to stay away (a session ended): a fault here.
      if (reason === 'io server disconnect') this.failures.push('disconnected by the server for good');
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
  }

  /** Waits until every room has its starting number. */
  async ready(deadlineMs = 30_000): Promise<void> {
    const deadline = Date.now() + deadlineMs;
    while (this.rooms.some((room) => !this.firstSeq.has(room))) {
      if (Date.now() > deadline) throw new Error(`person ${this.person.index} never joined all rooms`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** One piece of work, as a person would do it. */
  async act(): Promise<void> {
    const roll = Math.random();
    if (roll < 0.5) await this.sendMessage();
    else if (roll < 0.7) await this.renameTask();
    else if (roll < 0.9) await this.reprioritise();
    else await this.topUp();
  }

  async sendMessage(): Promise<void> {
    const tempId = `p${this.person.index}-m${this.sends++}`;
    this.sentTempIds.push(tempId);
    const form = () => {
      const body = new FormData();
      body.set('message', `Повідомлення ${tempId}`);
      body.set('tempId', tempId);
      return body;
    };
    const { retried } = await this.retrying('POST', `/api/chat/${this.person.chatId}/new-message`, form);
    if (retried) this.cutTempIds.add(tempId);
  }

  async renameTask(): Promise<void> {
    const taskId = this.pick(this.person.editableTaskIds);
    const { retried } = await this.retrying('PUT', `/api/task/${taskId}/update-name`, { name: `Задача ${this.person.index}-${Date.now() % 100_000}` });
    if (retried) this.cutTaskIds.add(taskId);
  }

  async reprioritise(): Promise<void> {
    const taskId = this.pick(this.person.editableTaskIds);
    const { retried } = await this.retrying('PUT', `/api/task/${taskId}/update-importance`, { importance: Math.floor(Math.random() * 4) });
    if (retried) this.cutTaskIds.add(taskId);
  }

  /** A card top-up on the test provider: the order (with its idempotency key) and the payment's confirmation, each retried until answered. */
  async topUp(): Promise<void> {
    // A key of its own per top-up, even when the one before was refused (its key stays claimed).
    const key = `p${this.person.index}-t${this.topUpsStarted++}`;
    const order = await this.retrying('POST', `/api/project/${this.person.projectId}/balance/payment`, { amount: TOP_UP_AMOUNT }, false, {
      'Idempotency-Key': key,
    });
    const { orderId } = order.data as { orderId: string };
    const topUp: TopUp = { orderId, status: 'pending', cut: false };
    this.topUps.push(topUp);
    const confirmed = await this.retrying('POST', `/api/payment/test/${orderId}`, { result: 'success' });
    topUp.status = (confirmed.data as { status: string }).status;
    topUp.cut = confirmed.retried;
  }

  /** Asks the log for every room's missed events (the end of a run: nothing is in flight any more). */
  async catchUp(): Promise<void> {
    await Promise.all(this.rooms.map((room) => this.live!.catchUp(room)));
  }

  close(): void {
    this.socket?.disconnect();
  }

  private started(room: RoomName): void {
    if (!this.firstSeq.has(room)) {
      const seq = this.live!.lastOf(room);
      if (seq !== undefined) this.firstSeq.set(room, seq);
    }
  }

  private joined(room: RoomName, result: JoinResult): void {
    if (!result.ok) {
      this.failures.push(`join ${room} refused`);
      return;
    }
    this.live!.joined(room, result);
    this.started(room);
  }

  private delivery(room: RoomName, seq: number): Delivery {
    let byRoom = this.deliveries.get(room);
    if (!byRoom) this.deliveries.set(room, (byRoom = new Map()));
    let delivery = byRoom.get(seq);
    if (!delivery) byRoom.set(seq, (delivery = { live: 0, applied: 0 }));
    return delivery;
  }

  /** What the browser's listeners do: take the event (live or replayed) into what it shows. */
  private apply(name: LoggedEventName, payload: { seq?: Partial<Record<RoomName, number>> } & Record<string, unknown>): void {
    for (const [room, seq] of Object.entries(payload.seq ?? {}) as Array<[RoomName, number]>) this.delivery(room, seq).applied += 1;
    if (name === 'message.update' && payload.chatId === this.person.chatId) this.messageIds.add(payload.messageId as number);
    if (name === 'task.update') {
      const taskId = payload.taskId as number;
      this.taskDates.set(taskId, Math.max(this.taskDates.get(taskId) ?? 0, payload.dateUpdate as number));
    }
    if (name === 'project.transaction.update') this.projectTransactions.add(payload.number as number);
  }

  private async fetchEvents(room: RoomName, after: number): Promise<EventsPage> {
    const response = await this.retrying('GET', `/api/events?room=${encodeURIComponent(room)}&after=${after}`);
    return response.data as EventsPage;
  }

  private headers(): Record<string, string> {
    return { cookie: this.cookie, 'x-forwarded-for': this.address };
  }

  private pick<T>(items: T[]): T {
    return items[Math.floor(Math.random() * items.length)]!;
  }

  /**
   * A call retried after every failure on the way (no answer, 502/503/504 from nginx or a stopping
   * process) until answered; an answer that is an error of the API is a failure of the run.
   */
  private async retrying(
    method: string,
    path: string,
    body?: unknown,
    wantCookie = false,
    extraHeaders: Record<string, string> = {},
  ): Promise<{ data: unknown; cookie: string; retried: boolean }> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      let status = 0;
      let failure = '';
      try {
        const payload = typeof body === 'function' ? (body as () => FormData)() : body;
        const isForm = payload instanceof FormData;
        const response = await fetch(`${this.baseUrl}${path}`, {
          method,
          headers: {
            ...this.headers(),
            ...(payload !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
            ...extraHeaders,
          },
          body: payload === undefined ? undefined : isForm ? payload : JSON.stringify(payload),
          signal: AbortSignal.timeout(20_000),
        });
        status = response.status;
        if (status < 500) {
          const envelope = (await response.json()) as { status: string; data: unknown; code?: string };
          if (envelope.status !== 'ok') throw new ApiRefusal(`${method} ${path}: ${status} ${envelope.code}`, envelope.code, attempt > 0);
          const cookie = wantCookie
            ? response.headers
                .getSetCookie()
                .map((value) => value.split(';')[0])
                .join('; ')
            : '';
          return { data: envelope.data, cookie, retried: attempt > 0 };
        }
        await response.body?.cancel();
      } catch (error) {
        if (error instanceof ApiRefusal) {
          // The money calls' idempotency key stays claimed by a process killed while it ran the first
          // attempt: the retry is refused (a known limit, counted apart; no money moved).
          if (error.code === 'idempotency_key_reused' && error.afterRetry) this.stuckKeys.push(error.message);
          else this.failures.push(error.message);
          throw error;
        }
        failure = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
      }
      const kind = `${this.phase} (${status === 0 ? `no answer: ${failure}` : status})`;
      this.failedAttempts.set(kind, (this.failedAttempts.get(kind) ?? 0) + 1);
      if (status >= 500 && status !== 502 && status !== 504) this.serverErrors.push(`${kind} ${method} ${path}`);
      if (Date.now() - started > GIVE_UP_MS) {
        const message = `${method} ${path}: no answer within ${GIVE_UP_MS / 1000} s (last status ${status})`;
        this.failures.push(message);
        throw new Error(message);
      }
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  }
}

class ApiRefusal extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    /** Refused on a retry, after an attempt that got no answer. */
    readonly afterRetry: boolean,
  ) {
    super(message);
  }
}
