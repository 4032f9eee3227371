import type { ParticipantUser } from '@quizcast/contract/schemas/student';
import type { AvatarUrls } from '../files/avatar-url';
import type { UserRow } from './student.repository';

/** A user row as the API returns it (spec section 3 field names). */
export function toParticipantUser(row: UserRow, avatars: AvatarUrls): ParticipantUser {
  return {
    _id: row.id,
    name: row.name,
    phNo: row.phNo,
    email: row.email,
    place: row.place,
    school: row.school,
    class: row.class,
    profilePicUrl: avatars.url(row.profilePicKey),
    role: row.role,
    initialsOnly: row.initialsOnly,
    publicPhoto: row.publicPhoto,
    compensatoryTime: row.compensatoryTime,
    preferredLanguage: row.preferredLanguage,
  };
}
