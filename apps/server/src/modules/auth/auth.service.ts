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
import { OtpService } from './otp.service';
import { signSessionToken } from './session-token';

/** Phone + OTP sign-up and login; sessions are HS256 JWTs carrying the user's token version. */
export class AuthService {
  readonly otp: OtpService;
  private readonly students: StudentService;

  constructor(
    db: Db,
    private readonly config: AppConfig,
    sms: SmsProvider,
    storage: FileStorage,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
  ) {
    this.otp = new OtpService(db, config, sms, clock, log);
    this.students = new StudentService(db, storage, clock, log);
  }

  private isAdminPhone(phNo: string): boolean {
    return this.config.ADMIN_PHONES.includes(phNo);
  }

  async session(user: UserRow): Promise<AuthResponse> {
    const accessToken = await signSessionToken(
      this.config.jwtSecret,
      { sub: user.id, role: user.role, ver: user.tokenVersion },
      this.config.JWT_TTL_DAYS,
      this.clock.now(),
    );
    return { accessToken, ...toParticipantUser(user) };
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
    let user = await this.students.repo.findByPhone(phNo);
    if (!user) throw notFound(STUDENT_MESSAGES.noAccount);
    if (this.isAdminPhone(phNo) && user.role !== 'admin') {
      user = (await this.students.repo.setRole(user.id, 'admin', this.clock.now())) ?? user;
    }
    return this.session(user);
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
