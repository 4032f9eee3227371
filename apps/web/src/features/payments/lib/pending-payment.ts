import { STORAGE_KEYS } from '@quizcast/contract/constants';
import { storage } from '../../../lib/storage';

/**
 * The payment in flight, kept on the device (STORAGE_KEYS.pendingPayment) from the moment the
 * checkout opens until its outcome is known, so a reload or a dropped connection can re-check it.
 */
export interface PendingPayment {
  paymentId: string;
  quizId: string;
}

export function readPendingPayment(): PendingPayment | null {
  const raw = storage.get(STORAGE_KEYS.pendingPayment);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingPayment>;
    if (typeof value.paymentId === 'string' && typeof value.quizId === 'string') {
      return { paymentId: value.paymentId, quizId: value.quizId };
    }
  } catch {
    /* not ours: forget it below */
  }
  storage.remove(STORAGE_KEYS.pendingPayment);
  return null;
}

export function savePendingPayment(pending: PendingPayment): void {
  storage.set(STORAGE_KEYS.pendingPayment, JSON.stringify(pending));
}

/** Forget the saved payment (only if it is this one, when an id is given). */
export function clearPendingPayment(paymentId?: string): void {
  if (paymentId && readPendingPayment()?.paymentId !== paymentId) return;
  storage.remove(STORAGE_KEYS.pendingPayment);
}
