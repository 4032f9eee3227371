/** Codes, login requests and error bodies shared by auth-otp*.api.test.ts. */
import { t } from './app';
import { errorBodySchema } from '@quizcast/contract/errors';

export const SECOND = 1000;
export const MINUTE = 60 * SECOND;

export async function verifyLogin(phNo: string, otp: string) {
  return t.app.inject({ method: 'POST', url: '/api/students/login-verify-otp', payload: { phNo, otp } });
}

/** A code that is certainly not `code`. */
export const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export function errorOf(res: { json(): unknown }) {
  return errorBodySchema.parse(res.json());
}
