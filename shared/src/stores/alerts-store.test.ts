import { ALERT_HIDE_MS } from '@negayno/shared/contract';
import { AlertsStore } from './alerts-store';

describe('AlertsStore', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('hides an alert after 10 seconds', () => {
    const store = new AlertsStore();
    store.push({ intent: 'error', textKey: 'server_error' });
    jest.advanceTimersByTime(ALERT_HIDE_MS - 1);
    expect(store.alerts).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(store.alerts).toHaveLength(0);
  });

  it('keeps a persistent alert until dismissed', () => {
    const store = new AlertsStore();
    const id = store.push({ intent: 'warning', textKey: 'offline', persistent: true });
    jest.advanceTimersByTime(ALERT_HIDE_MS * 10);
    expect(store.alerts).toHaveLength(1);
    store.dismiss(id);
    expect(store.alerts).toHaveLength(0);
  });

  it('does not stack the same text twice', () => {
    const store = new AlertsStore();
    const first = store.push({ intent: 'error', textKey: 'server_error' });
    const second = store.push({ intent: 'error', textKey: 'server_error' });
    expect(second).toBe(first);
    expect(store.alerts).toHaveLength(1);
  });
});
