import { describe, expect, it } from 'vitest';
import type { UserRow } from '../students/student.repository';
import { compactSession, compactUser, expandUser } from './session-cache';
import type { SessionRow } from './session.repository';

const full: UserRow = {
  id: '6f1c2a54-8f0e-4a43-9d59-3c1f7d2b9e10',
  phNo: '9876543210',
  name: 'Asha Verma',
  email: 'asha@example.com',
  place: 'Pune',
  school: 'Fergusson College',
  class: '12',
  profilePicKey: 'avatars/asha.webp',
  role: 'admin',
  roleSource: 'ADMIN_PHONES',
  initialsOnly: true,
  publicPhoto: true,
  compensatoryTime: true,
  deletedAt: new Date('2026-11-20T08:00:00.123Z'),
  preferredLanguage: 'hi',
  createdAt: new Date('2026-01-02T03:04:05.006Z'),
  updatedAt: new Date('2026-11-21T10:11:12.013Z'),
};
const sparse: UserRow = {
  ...full,
  email: null,
  school: null,
  profilePicKey: null,
  role: 'participant',
  roleSource: null,
  initialsOnly: false,
  publicPhoto: false,
  compensatoryTime: false,
  deletedAt: null,
  preferredLanguage: null,
};

function holdsDate(value: object): boolean {
  return Object.values(value).some((v) => v instanceof Date);
}

describe('the session check cache forms', () => {
  it.each([
    ['every column set', full],
    ['nullable columns null', sparse],
  ])('a cached user gives back the same row (%s), with no Date kept', (_name, row) => {
    const cached = compactUser(row);
    expect(holdsDate(cached)).toBe(false);
    const back = expandUser(cached);
    expect(back).toEqual(row);
    expect(Object.keys(back).sort()).toEqual(Object.keys(row).sort());
  });

  it('gives each request its own row: changing it does not change the cached user', () => {
    const cached = compactUser(full);
    const first = expandUser(cached);
    first.role = 'participant';
    first.createdAt.setTime(0);
    expect(expandUser(cached)).toEqual(full);
  });

  it('keeps of a session only what the check reads, times as numbers', () => {
    const row: SessionRow = {
      id: 'a0ee7a5e-61a5-4d5c-8a3e-7f0f0d6e2b11',
      userId: full.id,
      createdAt: new Date('2026-11-22T10:00:00Z'),
      expiresAt: new Date('2026-12-22T10:00:00.500Z'),
      lastUsedAt: new Date('2026-11-22T10:04:59.999Z'),
      revokedAt: null,
    };
    expect(compactSession(row)).toEqual({
      userId: full.id,
      expiresAt: row.expiresAt.getTime(),
      lastUsedAt: row.lastUsedAt.getTime(),
      revoked: false,
    });
    expect(compactSession({ ...row, revokedAt: new Date('2026-11-22T10:05:00Z') }).revoked).toBe(true);
  });
});
