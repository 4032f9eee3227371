import { and, asc, desc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, quizzes, users, webhookEvents } from '../../db/schema';

export type PaymentRow = typeof payments.$inferSelect;
type PaymentInsert = typeof payments.$inferInsert;

export interface QuizPrice {
  id: string;
  name: string;
  pricePaise: number;
  endAt: Date;
  published: boolean;
}

/** The only code in payments that talks to Drizzle. */
export class PaymentsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `work` in one transaction with a repository bound to it. */
  transaction<T>(work: (repo: PaymentsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PaymentsRepository(tx)));
  }

  /** Serialises one user's payment writes (create-order) across requests and instances. */
  async lockUser(userId: string): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async findQuiz(quizId: string): Promise<QuizPrice | undefined> {
    const [row] = await this.db
      .select({
        id: quizzes.id,
        name: quizzes.name,
        pricePaise: quizzes.pricePaise,
        endAt: quizzes.endAt,
        published: quizzes.published,
      })
      .from(quizzes)
      .where(eq(quizzes.id, quizId))
      .limit(1);
    return row;
  }

  /** The unlock rule's payment half: a verified ('success') payment for this user and quiz. */
  async hasSuccessfulPayment(userId: string, quizId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.quizId, quizId), eq(payments.status, 'success')))
      .limit(1);
    return row !== undefined;
  }

  /** A pending order to reuse: same user, quiz, amount and provider (a switched provider starts afresh). */
  async findPendingOrder(
    userId: string,
    quizId: string,
    amountPaise: number,
    provider: string,
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.quizId, quizId),
          eq(payments.status, 'pending'),
          eq(payments.amountPaise, amountPaise),
          eq(payments.provider, provider),
        ),
      )
      .orderBy(desc(payments.createdAt))
      .limit(1);
    return row;
  }

  async insert(values: PaymentInsert): Promise<PaymentRow> {
    const [row] = await this.db.insert(payments).values(values).returning();
    return row!;
  }

  async findById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  async findByOrderId(orderId: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.orderId, orderId)).limit(1);
    return row;
  }

  /**
   * Pending or failed → success (a later attempt on the same order may succeed). Never touches a row
   * that is already 'success'. Returns whether this call made the change.
   */
  async markSuccess(id: string, providerPaymentId: string | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({
        status: 'success',
        providerPaymentId: providerPaymentId ?? sql`${payments.providerPaymentId}`,
        updatedAt: now,
      })
      .where(and(eq(payments.id, id), ne(payments.status, 'success')))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** Pending → failed only: a failure never overrides a success (events can arrive out of order). */
  async markFailedIfPending(id: string, providerPaymentId: string | null, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({
        status: 'failed',
        providerPaymentId: sql`coalesce(${payments.providerPaymentId}, ${providerPaymentId})`,
        updatedAt: now,
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /** The fake gateway took a payment for this order (still unverified: status stays as it is). */
  async recordGatewayPayment(id: string, providerPaymentId: string, now: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ providerPaymentId, updatedAt: now })
      .where(and(eq(payments.id, id), ne(payments.status, 'success')));
  }

  /** Fake-gateway payments taken at or before `before` whose checkout callback never verified them. */
  /**
   * Pending orders of this provider old enough to ask the gateway about, least recently asked first.
   * `updated_at` doubles as "last asked" for a pending row (see `markChecked`).
   */
  async findPendingToReconcile(options: {
    provider: string;
    createdBefore: Date;
    checkedBefore: Date;
    limit: number;
  }): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, options.provider),
          eq(payments.status, 'pending'),
          lte(payments.createdAt, options.createdBefore),
          lte(payments.updatedAt, options.checkedBefore),
        ),
      )
      .orderBy(asc(payments.updatedAt))
      .limit(options.limit);
  }

  /** The gateway was asked about this pending order now (it reported no capture). */
  async markChecked(id: string, now: Date): Promise<void> {
    await this.db
      .update(payments)
      .set({ updatedAt: now })
      .where(and(eq(payments.id, id), eq(payments.status, 'pending')));
  }

  /** Pending orders of this provider created before `createdBefore` → failed; returns how many. */
  async expirePending(provider: string, createdBefore: Date, now: Date): Promise<number> {
    const rows = await this.db
      .update(payments)
      .set({ status: 'failed', updatedAt: now })
      .where(
        and(
          eq(payments.provider, provider),
          eq(payments.status, 'pending'),
          lte(payments.createdAt, createdBefore),
        ),
      )
      .returning({ id: payments.id });
    return rows.length;
  }

  async findFakeAwaitingCapture(before: Date, limit = 100): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, 'fake'),
          eq(payments.status, 'pending'),
          isNotNull(payments.providerPaymentId),
          lte(payments.updatedAt, before),
        ),
      )
      .limit(limit);
  }

  async listForUser(userId: string, limit = 100) {
    return this.db
      .select({ payment: payments, quizName: quizzes.name })
      .from(payments)
      .innerJoin(quizzes, eq(quizzes.id, payments.quizId))
      .where(eq(payments.userId, userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit);
  }

  /** Records a webhook event id; false when it was already seen (a replay or a retry). */
  async recordWebhookEvent(eventId: string, type: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .insert(webhookEvents)
      .values({ eventId, type, receivedAt: now })
      .onConflictDoNothing({ target: webhookEvents.eventId })
      .returning({ eventId: webhookEvents.eventId });
    return rows.length > 0;
  }
}
