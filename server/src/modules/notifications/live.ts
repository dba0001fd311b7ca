import type { Realtime } from '../../infra/realtime/realtime.js';
import type { ChannelSender } from './outbox.js';
import type { ClaimedDelivery, DeliveryOutcome } from './repo.js';

/** The in-app channel: `notification.new` to every socket of the recipient (through the adapter, on any process). */
export class LiveSender implements ChannelSender {
  constructor(private readonly realtime: Realtime) {}

  async deliver(delivery: ClaimedDelivery): Promise<DeliveryOutcome> {
    this.realtime.emitToUser(delivery.userId, 'notification.new', { id: delivery.notificationId });
    return { outcome: 'sent' };
  }
}
