import type { UserRow } from '../students/student.repository';
import type { SessionRow } from './session.repository';

/**
 * What the session check keeps of a session between requests (ADR 012, issue 16 "memory"): only
 * what it reads, times as numbers. A cached Drizzle row cost ~1 KB a learner (four `Date`s of ~100
 * bytes each, two more uuid strings, a property array); this is ~80 bytes. The session's id is the
 * cache's key; `userId` is the very string of the cached user's id when both came from one query.
 */
export interface CachedSession {
  readonly userId: string;
  readonly expiresAt: number;
  readonly lastUsedAt: number;
  readonly revoked: boolean;
}

export function compactSession(row: SessionRow, userId: string = row.userId): CachedSession {
  return {
    userId: userId === row.userId ? userId : row.userId,
    expiresAt: row.expiresAt.getTime(),
    lastUsedAt: row.lastUsedAt.getTime(),
    revoked: row.revokedAt !== null,
  };
}

/**
 * The session check's cached user: the row with its times as numbers (three `Date`s held per
 * learner cost ~300 bytes) and its enum columns as shared constants. `request.user` is rebuilt from
 * it per request (`expandUser`: one short-lived object), so routes keep the row they had.
 */
export type CachedUser = Omit<UserRow, 'createdAt' | 'updatedAt' | 'deletedAt'> & {
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly deletedAt: number | null;
};

const ROLES = { participant: 'participant', admin: 'admin' } as const;
const LANGUAGES = { en: 'en', hi: 'hi' } as const;

export function compactUser(row: UserRow): CachedUser {
  return {
    id: row.id,
    phNo: row.phNo,
    name: row.name,
    email: row.email,
    place: row.place,
    school: row.school,
    class: row.class,
    profilePicKey: row.profilePicKey,
    // One shared string instead of a copy per row from the driver.
    role: ROLES[row.role] ?? row.role,
    roleSource: row.roleSource,
    initialsOnly: row.initialsOnly,
    publicPhoto: row.publicPhoto,
    compensatoryTime: row.compensatoryTime,
    deletedAt: row.deletedAt === null ? null : row.deletedAt.getTime(),
    preferredLanguage:
      row.preferredLanguage === null ? null : (LANGUAGES[row.preferredLanguage] ?? row.preferredLanguage),
    createdAt: row.createdAt.getTime(),
    updatedAt: row.updatedAt.getTime(),
  };
}

/** A fresh row for one request (callers may keep or change it without touching the cache). */
export function expandUser(user: CachedUser): UserRow {
  return {
    id: user.id,
    phNo: user.phNo,
    name: user.name,
    email: user.email,
    place: user.place,
    school: user.school,
    class: user.class,
    profilePicKey: user.profilePicKey,
    role: user.role,
    roleSource: user.roleSource,
    initialsOnly: user.initialsOnly,
    publicPhoto: user.publicPhoto,
    compensatoryTime: user.compensatoryTime,
    deletedAt: user.deletedAt === null ? null : new Date(user.deletedAt),
    preferredLanguage: user.preferredLanguage,
    createdAt: new Date(user.createdAt),
    updatedAt: new Date(user.updatedAt),
  };
}
