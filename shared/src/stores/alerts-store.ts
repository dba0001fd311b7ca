/** Toast alerts: they hide after 10 s (spec 9), except persistent ones. */
import { makeAutoObservable } from 'mobx';
import { ALERT_HIDE_MS } from '@negayno/shared/contract';

export type AlertIntent = 'error' | 'warning' | 'success' | 'info';

export interface Alert {
  id: number;
  intent: AlertIntent;
  /** An i18n key (`ns:key`) or an error code of the `errors` namespace. */
  textKey: string;
  /** The server's own text, shown when the code has no translation. */
  fallback?: string;
  persistent: boolean;
}

export class AlertsStore {
  alerts: Alert[] = [];
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();

  constructor() {
    makeAutoObservable<AlertsStore, 'nextId' | 'timers'>(this, { nextId: false, timers: false });
  }

  /** Shows an alert; the same text already on screen is not stacked twice. Returns its id. */
  push(input: { intent: AlertIntent; textKey: string; fallback?: string; persistent?: boolean }): number {
    const existing = this.alerts.find((alert) => alert.textKey === input.textKey);
    if (existing) return existing.id;
    const alert: Alert = { id: this.nextId++, persistent: false, ...input };
    this.alerts.push(alert);
    if (!alert.persistent)
      this.timers.set(
        alert.id,
        setTimeout(() => this.dismiss(alert.id), ALERT_HIDE_MS),
      );
    return alert.id;
  }

  dismiss(id: number): void {
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.alerts = this.alerts.filter((alert) => alert.id !== id);
  }

  clear(): void {
    for (const id of this.timers.keys()) clearTimeout(this.timers.get(id));
    this.timers.clear();
    this.alerts = [];
  }
}
