import { describe, expect, it } from 'vitest';
import { participantUserSchema } from '@quizcast/contract/schemas/student';
import { parseStoredUser } from './auth';

const user = {
  _id: 'u1',
  name: 'Asha',
  phNo: '9876543210',
  email: null,
  place: 'Pune',
  school: 'Fergusson',
  class: 'Graduate',
  profilePicUrl: '/api/files/avatars/a.webp',
  role: 'participant',
};

// The hand-written check stands in for the contract's schema on every first load (no zod there):
// it must accept and refuse exactly what the schema does.
const cases: [string, unknown][] = [
  ['a full user', user],
  ['an admin', { ...user, role: 'admin' }],
  ['no role (defaults to participant)', { ...user, role: undefined }],
  ['no optional fields', { _id: 'u', name: 'n', phNo: 'p', place: 'x', class: 'c' }],
  ['a missing name', { ...user, name: undefined }],
  ['a numeric phone', { ...user, phNo: 9876543210 }],
  ['an unknown role', { ...user, role: 'root' }],
  ['a numeric email', { ...user, email: 5 }],
  ['a non-string photo', { ...user, profilePicUrl: {} }],
  ['null', null],
  ['an array', [user]],
  ['a string', 'user'],
];

describe('parseStoredUser', () => {
  it.each(cases)('agrees with participantUserSchema on %s', (_label, value) => {
    const expected = participantUserSchema.safeParse(value);
    const actual = parseStoredUser(JSON.stringify(value));
    expect(actual !== null).toBe(expected.success);
    if (expected.success) expect(actual).toMatchObject(expected.data);
  });

  it('starts signed out on text that is not JSON', () => {
    expect(parseStoredUser('{not json')).toBeNull();
  });
});
