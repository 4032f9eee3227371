import type { FastifyBaseLogger } from 'fastify';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import { amountMatches, gatewayCall } from './payment-checks';
import type { PaymentsRepository } from './payments.repository';

/** A pending order is first asked about this long after it was created (checkout and webhook first). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** …and then at most this often. */
export const RECONCILE_EVERY_MS = 2 * 60_000;
/** Orders asked about per sweep (each is one gateway call). */
const RECONCILE_BATCH = 20;

/** Settles pending orders that neither the browser nor the webhook settled (a sweeper task). */
export class PaymentReconciliationService {
  constructor(
    private readonly repo: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly log: FastifyBaseLogger,
    /** A pending order with no captured payment this long after creation is marked failed. */
    private readonly pendingExpiryMs = 24 * 60 * 60_000,
    /** Deadline of every gateway call. */
    private readonly gatewayTimeoutMs = 15_000,
  ) {}

  /**
   * Sweeper task: settle pending orders the browser and the webhook never settled. The gateway is
   * asked whether the order was paid: captured (for the right amount) → success, so money taken
   * always unlocks the quiz; nothing captured after `pendingExpiryMs` → failed (a later capture
   * webhook still turns it into a success). Where the gateway cannot be asked, stale orders expire.
   * Safe on several instances: every update is conditional, asking twice is harmless.
   */
  async reconcilePending(now: Date): Promise<number> {
    const expiresBefore = new Date(now.getTime() - this.pendingExpiryMs);
    const provider = this.provider;
    if (!provider.findCapturedPayment) return this.repo.expirePending(provider.name, expiresBefore, now);
    const due = await this.repo.findPendingToReconcile({
      provider: provider.name,
      createdBefore: new Date(now.getTime() - RECONCILE_AFTER_MS),
      checkedBefore: new Date(now.getTime() - RECONCILE_EVERY_MS),
      limit: RECONCILE_BATCH,
    });
    let settled = 0;
    for (const row of due) {
      let captured;
      try {
        captured = await gatewayCall(
          provider.findCapturedPayment(row.orderId),
          this.gatewayTimeoutMs,
          'find a captured payment',
        );
      } catch (err) {
        this.log.warn({ err, orderId: row.orderId }, 'could not ask the gateway about a pending order');
        await this.repo.markChecked(row.id, now);
        continue;
      }
      if (captured && amountMatches(row, captured.amount, captured.currency, this.log)) {
        if (await this.repo.markSuccess(row.id, captured.id, now)) {
          settled += 1;
          this.log.info({ orderId: row.orderId }, 'pending order settled from the gateway: paid');
        }
      } else if (row.createdAt.getTime() <= expiresBefore.getTime()) {
        if (await this.repo.markFailedIfPending(row.id, null, now)) settled += 1;
      } else {
        await this.repo.markChecked(row.id, now);
      }
    }
    return settled;
  }
}
