import type { FastifyBaseLogger } from 'fastify';
import type { AuthResponse, SignupFields } from '@quizcast/contract/schemas/auth';
import { STUDENT_MESSAGES } from '@quizcast/contract/schemas/student';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/http-error';
import type { SmsProvider } from '../../providers/sms/sms-provider';
import type { FileStorage } from '../../providers/storage/storage';
import { toParticipantUser } from '../students/participant-user';
import { isUniqueViolation, type UserRow } from '../students/student.repository';
import { StudentService } from '../students/student.service';
import { AuditService } from '../audit/audit.service';
import { AvatarUrls } from '../files/avatar-url';
import { OtpService } from './otp.service';
import type { SessionService } from './session.service';

/** Phone + OTP sign-up and login; each sign-in is a server-side session named by its token (ADR 015). */
export class AuthService {
  readonly otp: OtpService;
  private readonly students: StudentService;
  private readonly audit: AuditService;
  private readonly avatars: AvatarUrls;

  constructor(
    db: Db,
    private readonly config: AppConfig,
    sms: SmsProvider,
    storage: FileStorage,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
    private readonly sessions: SessionService,
    otpCodes?: () => string,
  ) {
    this.avatars = new AvatarUrls(config.jwtSecret, clock);
    this.otp = new OtpService(db, config, sms, clock, log, otpCodes);
    this.students = new StudentService(db, storage, clock, log);
    this.audit = new AuditService(db, clock);
  }

  private isAdminPhone(phNo: string): boolean {
    return this.config.ADMIN_PHONES.includes(phNo);
  }

  async session(user: UserRow): Promise<AuthResponse> {
    const accessToken = await this.sessions.issue(user);
    return { accessToken, ...toParticipantUser(user, this.avatars) };
  }

  /**
   * ADMIN_PHONES grants admin only while the number is listed: listed → promoted (and remembered as
   * granted by the list); no longer listed → a list-granted admin is demoted. Both are audited.
   * Admins made with `npm run admin` are not touched.
   */
  private async applyAdminPhones(user: UserRow): Promise<UserRow> {
    const listed = this.isAdminPhone(user.phNo);
    const now = this.clock.now();
    if (listed && user.role !== 'admin') {
      const promoted = (await this.students.repo.setRole(user.id, 'admin', now, 'ADMIN_PHONES')) ?? user;
      await this.audit.record(
        { system: 'ADMIN_PHONES' },
        { action: 'user.promote', targetType: 'user', targetId: user.id },
      );
      return promoted;
    }
    if (!listed && user.role === 'admin' && user.roleSource === 'ADMIN_PHONES') {
      const demoted = (await this.students.repo.setRole(user.id, 'participant', now, null)) ?? user;
      await this.audit.record(
        { system: 'ADMIN_PHONES' },
        { action: 'user.demote', targetType: 'user', targetId: user.id },
      );
      return demoted;
    }
    return user;
  }

  async sendSignupOtp(phNo: string, quota: () => Promise<void>): Promise<void> {
    if (await this.students.repo.findByPhone(phNo)) throw conflict(STUDENT_MESSAGES.phoneTaken);
    await this.otp.send('signup', phNo, quota);
  }

  async sendLoginOtp(phNo: string, quota: () => Promise<void>): Promise<void> {
    if (!(await this.students.repo.findByPhone(phNo))) throw notFound(STUDENT_MESSAGES.noAccount);
    await this.otp.send('login', phNo, quota);
  }

  async login(phNo: string, code: string): Promise<AuthResponse> {
    await this.otp.verify('login', phNo, code);
    const user = await this.students.repo.findByPhone(phNo);
    if (!user) throw notFound(STUDENT_MESSAGES.noAccount);
    return this.session(await this.applyAdminPhones(user));
  }

  /**
   * Photo checks come first so a bad file never spends the code; the photo is stored only after the
   * code is accepted, and removed again if the account cannot be created.
   */
  async signup(fields: SignupFields, photo: Buffer | null): Promise<AuthResponse> {
    if (photo) await this.students.photos.check(photo);
    if (await this.students.repo.findByPhone(fields.phNo)) throw conflict(STUDENT_MESSAGES.phoneTaken);
    await this.otp.verify('signup', fields.phNo, fields.otp);
    const profilePicKey = photo ? await this.students.photos.store(photo) : null;
    const now = this.clock.now();
    try {
      const user = await this.students.repo.create({
        phNo: fields.phNo,
        name: fields.name,
        place: fields.place,
        school: fields.school,
        class: fields.class,
        profilePicKey,
        role: this.isAdminPhone(fields.phNo) ? 'admin' : 'participant',
        roleSource: this.isAdminPhone(fields.phNo) ? 'ADMIN_PHONES' : null,
        createdAt: now,
        updatedAt: now,
      });
      return await this.session(user);
    } catch (err) {
      await this.students.photos.remove(profilePicKey);
      if (isUniqueViolation(err)) throw conflict(STUDENT_MESSAGES.phoneTaken);
      throw err;
    }
  }
}
