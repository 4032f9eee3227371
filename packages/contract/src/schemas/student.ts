import { z } from 'zod';

/** The participant as the client keeps it (local storage USER_PARTICIPANT) and the API returns it. */
export const participantUserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phNo: z.string(),
  email: z.string().nullable().optional(),
  place: z.string(),
  school: z.string().nullable().optional(),
  class: z.string(),
  profilePicUrl: z.string().nullable().optional(),
  role: z.enum(['participant', 'admin']).default('participant'),
});
export type ParticipantUser = z.infer<typeof participantUserSchema>;
