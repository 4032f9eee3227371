import type Razorpay from 'razorpay';
import { lazyPackage } from '../../lib/lazy-package';

const loadRazorpay = lazyPackage<typeof Razorpay>('razorpay');
import type { CapturedPayment, CreateOrderInput, PaymentProvider, ProviderOrder } from './payment-provider';

/** The part of the official SDK this provider uses (tests point the real SDK at a local stub). */
export type RazorpayClient = Pick<Razorpay, 'orders'>;

/** Razorpay through its official SDK; checkout happens in the browser with checkout.js. */
export class RazorpayPaymentProvider implements PaymentProvider {
  readonly name = 'razorpay' as const;
  readonly keyId: string;
  readonly keySecret: string;
  readonly webhookSecret: string | null;
  private readonly client: RazorpayClient;

  constructor(options: {
    keyId: string;
    keySecret: string;
    webhookSecret: string | null;
    client?: RazorpayClient;
  }) {
    this.keyId = options.keyId;
    this.keySecret = options.keySecret;
    this.webhookSecret = options.webhookSecret;
    this.client =
      options.client ?? new (loadRazorpay())({ key_id: options.keyId, key_secret: options.keySecret });
  }

  async createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    const order = await this.client.orders.create({
      amount: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      notes: input.notes,
    });
    return { id: order.id, amount: Number(order.amount), currency: order.currency };
  }

  async findCapturedPayment(orderId: string): Promise<CapturedPayment | null> {
    const { items } = await this.client.orders.fetchPayments(orderId);
    const captured = items.find((p) => p.status === 'captured');
    return captured
      ? { id: captured.id, amount: Number(captured.amount), currency: captured.currency }
      : null;
  }
}
