import type { FastifyBaseLogger } from 'fastify';
import type { StudentListResponse } from '@quizcast/contract/schemas/student';
import type { UpdateProfileFields } from '@quizcast/contract/schemas/student';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound, unauthorized } from '../../lib/http-error';
import type { FileStorage } from '../../providers/storage/storage';
import { toParticipantUser } from './participant-user';
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

  async logoutEverywhere(user: UserRow): Promise<void> {
    await this.repo.bumpTokenVersion(user.id, this.clock.now());
  }

  async list(query: { page: number; limit: number; searchTerm?: string }): Promise<StudentListResponse> {
    const { rows, total } = await this.repo.list(query);
    return { students: rows.map(toParticipantUser), total };
  }

  async getOne(id: string): Promise<UserRow> {
    const user = await this.repo.findById(id);
    if (!user) throw notFound('Student not found');
    return user;
  }
}

/** `npm run admin -- <phone>`: the promoted user, or undefined when no account has that number. */
export async function promoteToAdmin(db: Db, phNo: string, now: Date): Promise<UserRow | undefined> {
  const repo = new StudentRepository(db);
  const user = await repo.findByPhone(phNo);
  if (!user) return undefined;
  if (user.role === 'admin') return user;
  return repo.setRole(user.id, 'admin', now);
}
