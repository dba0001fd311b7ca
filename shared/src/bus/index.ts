/**
 * The typed event bus remotes talk through (they never import each other), and the cross-tab
 * channel that carries login and logout to the other tabs of the same browser.
 */
import mitt from 'mitt';

export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  /** The request's name or path, for the log. */
  request: string;
  /** The caller shows this failure itself: no alert, but maintenance and sign-out still apply. */
  quiet: boolean;
}

export type BusEvents = {
  /** Every failed API answer; the host's handlers turn it into alerts, maintenance mode, sign-out. */
  'api:failure': ApiFailure;
};

export const bus = mitt<BusEvents>();

export type CrossTabMessage = { type: 'login'; userId: number } | { type: 'logout' };

const CHANNEL_NAME = 'negayno-session';

/** Posts to and listens on the other tabs. No-op where BroadcastChannel is missing. */
export class CrossTabChannel {
  private channel: BroadcastChannel | null | undefined;

  constructor(private readonly name = CHANNEL_NAME) {}

  post(message: CrossTabMessage): void {
    this.open()?.postMessage(message);
  }

  /** Returns the unsubscribe function. */
  listen(handler: (message: CrossTabMessage) => void): () => void {
    const channel = this.open();
    if (!channel) return () => undefined;
    const listener = (event: MessageEvent<CrossTabMessage>) => handler(event.data);
    channel.addEventListener('message', listener);
    return () => channel.removeEventListener('message', listener);
  }

  /** Opened on first use: an idle channel would keep a Node process (a test) alive. */
  private open(): BroadcastChannel | null {
    if (this.channel === undefined) this.channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(this.name);
    return this.channel;
  }
}

export const crossTab = new CrossTabChannel();
