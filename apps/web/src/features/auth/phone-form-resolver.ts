import { zodResolver } from '@hookform/resolvers/zod';
import { phoneSchema } from '@quizcast/contract/schemas/student';
import { z } from 'zod';

/** The login form's validation, the contract's phoneSchema; loaded on the first check (login-page.tsx). */
export const phoneFormResolver = zodResolver(z.object({ phNo: phoneSchema }));
