import type { FastifyBaseLogger } from 'fastify';
import type { PrivacySettings } from '@quizcast/contract/schemas/account';
import type { Language } from '@quizcast/contract/i18n/languages';
import type { UpdateProfileFields } from '@quizcast/contract/schemas/student';
import { AuditService } from '../audit/audit.service';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { unauthorized } from '../../lib/http-error';
import type { FileStorage } from '../../providers/storage/storage';
import { ProfilePhotoService } from './profile-photo';
import { StudentRepository, type UserRow } from './student.repository';

export class StudentService {
  readonly repo: StudentRepository;
  readonly photos: ProfilePhotoService;

  constructor(
    db: Db,
    storage: FileStorage,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
  ) {
    this.repo = new StudentRepository(db);
    this.photos = new ProfilePhotoService(storage, log);
  }

  /**
   * Save the profile form. A new photo replaces the old one; `removeProfilePicture` drops it.
   * The old file is deleted only after the row points away from it.
   */
  async updateProfile(user: UserRow, fields: UpdateProfileFields, photo: Buffer | null): Promise<UserRow> {
    const newKey = photo ? await this.photos.store(photo) : undefined;
    const profilePicKey = newKey ?? (fields.removeProfilePicture ? null : undefined);
    let updated: UserRow | undefined;
    try {
      updated = await this.repo.updateProfile(
        user.id,
        { name: fields.name, place: fields.place, school: fields.school, class: fields.class, profilePicKey },
        this.clock.now(),
      );
    } catch (err) {
      await this.photos.remove(newKey);
      throw err;
    }
    if (!updated) {
      await this.photos.remove(newKey);
      throw unauthorized('Session has ended. Please log in again.');
    }
    if (profilePicKey !== undefined && user.profilePicKey && user.profilePicKey !== updated.profilePicKey) {
      await this.photos.remove(user.profilePicKey);
    }
    return updated;
  }

  /** Keep the user's language choice (issue 18), so every device they sign in on can follow it. */
  async setPreferredLanguage(user: UserRow, language: Language): Promise<UserRow> {
    const updated = await this.repo.setPreferredLanguage(user.id, language, this.clock.now());
    if (!updated) throw unauthorized('Session has ended. Please log in again.');
    return updated;
  }

  async setPrivacy(user: UserRow, settings: PrivacySettings): Promise<UserRow> {
    const updated = await this.repo.setPrivacy(user.id, settings, this.clock.now());
    if (!updated) throw unauthorized('Session has ended. Please log in again.');
    return updated;
  }

  async setCompensatoryTime(user: UserRow, compensatoryTime: boolean): Promise<UserRow> {
    const updated = await this.repo.setCompensatoryTime(user.id, compensatoryTime, this.clock.now());
    if (!updated) throw unauthorized('Session has ended. Please log in again.');
    return updated;
  }

  /** Erase the learner's personal data (the photo file too); anonymised attempts keep ranks true. */
  async deleteAccount(user: UserRow): Promise<void> {
    await this.repo.eraseAccount(user, this.clock.now());
    await this.photos.remove(user.profilePicKey);
  }
}

/** `npm run admin -- <phone>`: the promoted user, or undefined when no account has that number. */
export async function promoteToAdmin(db: Db, phNo: string, now: Date): Promise<UserRow | undefined> {
  const repo = new StudentRepository(db);
  const user = await repo.findByPhone(phNo);
  if (!user) return undefined;
  if (user.role === 'admin' && user.roleSource !== 'ADMIN_PHONES') return user;
  const promoted = await repo.setRole(user.id, 'admin', now, 'npm run admin');
  await new AuditService(db, { now: () => now }).record(
    { system: 'npm run admin' },
    { action: 'user.promote', targetType: 'user', targetId: user.id },
  );
  return promoted;
}
