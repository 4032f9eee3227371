import { isUuid } from '@quizcast/contract/schemas/ids';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { CachedLookup } from '../../lib/cached-lookup';
import type { Clock } from '../../lib/clock';
import { unauthorized } from '../../lib/http-error';
import { StudentRepository, type UserRow } from '../students/student.repository';
import {
  compactSession,
  compactUser,
  expandUser,
  type CachedSession,
  type CachedUser,
} from './session-cache';
import { SessionRepository } from './session.repository';
import { signSessionToken, verifySessionToken } from './session-token';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A used session's expiry is pushed forward at most this often (one write per session per window). */
export const SESSION_RENEW_EVERY_MS = 5 * 60 * 1000;

export const SESSION_ENDED = 'Session has ended. Please log in again.';

/**
 * The per-instance caches of the session check (ADR 012), invalidated on every instance. They hold
 * compact forms (session-cache.ts), not rows: at 100,000 learners each byte is 100 KB.
 */
export interface SessionCaches {
  /** Sessions by id: dropped on revoke, log out everywhere and renewal. */
  sessions: CachedLookup<CachedSession>;
  /** Users by id: dropped after any change to a user (role, profile, privacy, deletion). */
  users: CachedLookup<CachedUser>;
}

/** A request's session check passed: its session's id and its user (a fresh row). */
export interface AuthenticatedSession {
  sessionId: string;
  user: UserRow;
}

/**
 * Sessions (ADR 015): a signed token names a server-side session row. The row's expiry slides
 * (SESSION_TTL_DAYS after the last use); the token's own expiry (JWT_TTL_DAYS) is an absolute cap.
 * The check reads the session and its user through short caches (ADR 012), so a herd's requests
 * need no query; every change that could end a session or alter a user invalidates them.
 */
export class SessionService {
  readonly repo: SessionRepository;
  private readonly students: StudentRepository;

  constructor(
    db: Db,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly caches: SessionCaches,
  ) {
    this.repo = new SessionRepository(db);
    this.students = new StudentRepository(db);
  }

  private slidingExpiry(now: Date): Date {
    return new Date(now.getTime() + this.config.SESSION_TTL_DAYS * DAY_MS);
  }

  /** A new session for a sign-in, and its token. */
  async issue(user: UserRow): Promise<string> {
    const now = this.clock.now();
    const session = await this.repo.create(user.id, now, this.slidingExpiry(now));
    return signSessionToken(
      this.config.jwtSecret,
      { sub: user.id, role: user.role, sid: session.id },
      this.config.JWT_TTL_DAYS,
      now,
    );
  }

  /** The session a Bearer token names, or 401; renews the sliding expiry every few minutes. */
  async authenticate(token: string): Promise<AuthenticatedSession> {
    const now = this.clock.now();
    let claims;
    try {
      claims = await verifySessionToken(this.config.jwtSecret, token, now);
    } catch {
      throw unauthorized('Invalid or expired token');
    }
    if (!isUuid(claims.sub) || !isUuid(claims.sid)) throw unauthorized('Invalid or expired token');
    // A miss reads the session and its user in one query; the user joins its own cache unless a
    // change to any user was announced while the query ran.
    const usersSeen = this.caches.users.invalidations;
    const session = await this.caches.sessions.get(claims.sid, async () => {
      const found = await this.repo.findSessionWithUser(claims.sid);
      if (!found) return undefined;
      if (!found.user) return compactSession(found.session);
      const user = compactUser(found.user);
      this.caches.users.prime(user.id, user, usersSeen);
      // The session keeps the user's id string rather than a copy of its own.
      return compactSession(found.session, user.id);
    });
    if (!session || session.revoked || session.expiresAt <= now.getTime() || session.userId !== claims.sub)
      throw unauthorized(SESSION_ENDED);
    const user = await this.caches.users.get(claims.sub, async () => {
      const row = await this.students.findById(claims.sub);
      return row && compactUser(row);
    });
    if (!user || user.deletedAt !== null) throw unauthorized(SESSION_ENDED);
    if (now.getTime() - session.lastUsedAt >= SESSION_RENEW_EVERY_MS) {
      // The renewed row replaces this instance's copy (no re-read on the next request, issue 16);
      // if nothing was renewed (another instance did, or it was revoked meanwhile) or a change was
      // announced while the write ran, every instance drops its copy as before.
      const seen = this.caches.sessions.invalidations;
      const renewed = await this.repo.renew(
        claims.sid,
        now,
        this.slidingExpiry(now),
        new Date(now.getTime() - SESSION_RENEW_EVERY_MS),
      );
      if (renewed) this.caches.sessions.prime(claims.sid, compactSession(renewed, session.userId), seen);
      if (!renewed || this.caches.sessions.invalidations !== seen)
        await this.caches.sessions.invalidate(claims.sid);
    }
    return { sessionId: claims.sid, user: expandUser(user) };
  }

  async revoke(sid: string): Promise<void> {
    await this.repo.revoke(sid, this.clock.now());
    await this.caches.sessions.invalidate(sid);
  }

  async revokeAll(userId: string): Promise<string[]> {
    const revoked = await this.repo.revokeAllForUser(userId, this.clock.now());
    await Promise.all(revoked.map((sid) => this.caches.sessions.invalidate(sid)));
    return revoked;
  }

  /** After committing any change to a user: no instance answers from the old row. */
  async userChanged(userId: string): Promise<void> {
    await this.caches.users.invalidate(userId);
  }

  /** Sweeper: drop sessions that ended more than a day ago. */
  async purgeEnded(now: Date): Promise<number> {
    return this.repo.deleteEndedBefore(new Date(now.getTime() - DAY_MS));
  }
}
