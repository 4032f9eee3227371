import { useRef, useState } from 'react';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { isPhoneNumber } from '@quizcast/contract/domain/phone';
import { AUTH_MESSAGES } from '@quizcast/contract/messages/auth';
import { Button } from '../../../components/ui/button';
import { InlineStatus, useInlineStatus } from '../../../components/ui/inline-status';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth';
import { withRedirect } from '../../../lib/redirect';
import { useSendOtp } from '../api/send-otp';
import { useVerifyLogin } from '../api/verify-login';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { authCatalog } from '../messages/catalog';
import { digitsOnly } from '../input-format';
import { useResendCountdown } from '../hooks/use-resend-countdown';
import { AuthShell } from './auth-shell';
import { DevOutboxBanner } from './dev-outbox-banner';
import { OtpInput } from './otp-input';
import { ResendOtpButton } from './resend-otp-button';

interface PhoneForm {
  phNo: string;
}

/**
 * The phone form's validation: the contract's phoneSchema, loaded with zod on the first check (a blur
 * or Send OTP), so the screen paints without them (issue 17).
 */
const phoneResolver: Resolver<PhoneForm> = async (values, context, options) =>
  (await import('../phone-form-resolver')).phoneFormResolver(values, context, options);

/**
 * Login (spec sections 2, 4, 5): phone → Send OTP → the phone locks and six boxes appear → Verify OTP.
 * Change Phone Number goes back; Create Account keeps the redirect target.
 */
export function LoginPage() {
  const { user, saveUser } = useAuth();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const [step, setStep] = useState<'phone' | 'otp'>('phone');
  const [otp, setOtp] = useState('');
  const [sendCount, setSendCount] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const otpRef = useRef<HTMLInputElement>(null);
  const countdown = useResendCountdown();
  const send = useSendOtp();
  const verify = useVerifyLogin();
  const t = useT(authCatalog);
  const m = useServerMessage();

  // "OTP sent" is said beside the code's boxes: as a toast it covered the foot of the screen for 4 s (issue 30, defect 7).
  const sent = useInlineStatus();
  const form = useForm<PhoneForm>({
    resolver: phoneResolver,
    mode: 'onTouched',
    defaultValues: { phNo: '' },
  });
  const phoneField = form.register('phNo');
  const phNo = useWatch({ control: form.control, name: 'phNo' });
  const phoneValid = isPhoneNumber(phNo);

  if (user && !verify.isSuccess) return <Navigate to={redirect ?? WEB_ROUTES.quizzes} replace />;

  const sendCode = async ({ resend = false } = {}) => {
    // The code sent moments ago to this number is still good: show its boxes again instead of asking again.
    if (!resend && phNo === sentTo && countdown.remaining > 0) {
      setStep('otp');
      return;
    }
    try {
      await send.mutateAsync({ purpose: 'login', phNo });
      sent.say(m(AUTH_MESSAGES.otpSent));
      setOtp('');
      setStep('otp');
      setSendCount((n) => (n ?? 0) + 1);
      setSentTo(phNo);
      countdown.restart();
      setTimeout(() => otpRef.current?.focus(), 0);
    } catch (err) {
      toast.error(errorMessage(err, m(AUTH_MESSAGES.sendFailed)));
    }
  };

  const verifyCode = async () => {
    try {
      const { accessToken, ...signedIn } = await verify.mutateAsync({ phNo, otp });
      saveUser(signedIn, accessToken);
      navigate(redirect ?? WEB_ROUTES.quizzes, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, m(AUTH_MESSAGES.somethingWentWrong)));
    }
  };

  const changePhone = () => {
    setStep('phone');
    setOtp('');
    sent.clear();
    verify.reset();
  };

  return (
    <AuthShell title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (step === 'phone') void form.handleSubmit(() => sendCode())(event);
          else if (otp.length === 6) void verifyCode();
        }}
        className="space-y-5"
      >
        <TextField
          label={t('auth.phone.label')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('auth.phone.placeholder')}
          disabled={step === 'otp'}
          error={m(form.formState.errors.phNo?.message)}
          {...phoneField}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            return phoneField.onChange(event);
          }}
        />

        {step === 'phone' ? (
          <Button type="submit" className="w-full" disabled={!phoneValid} loading={send.isPending}>
            {t('auth.sendOtp')}
          </Button>
        ) : (
          <>
            <div>
              <OtpInput ref={otpRef} value={otp} onChange={setOtp} disabled={verify.isPending} />
              <InlineStatus status={sent.status} />
            </div>
            <DevOutboxBanner phNo={phNo} sendCount={sendCount} />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <button
                type="button"
                onClick={changePhone}
                className="min-h-11 rounded-lg px-2 text-sm font-semibold text-brand-800 hover:underline"
              >
                {t('auth.changePhone')}
              </button>
              <ResendOtpButton
                remaining={countdown.remaining}
                sending={send.isPending}
                onResend={() => void sendCode({ resend: true })}
              />
            </div>
            <Button type="submit" className="w-full" disabled={otp.length !== 6} loading={verify.isPending}>
              {t('auth.verifyOtp')}
            </Button>
          </>
        )}
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.login.newHere')}{' '}
        <Link
          to={withRedirect(WEB_ROUTES.register, redirect)}
          className="font-semibold text-brand-800 hover:underline"
        >
          {t('auth.createAccount')}
        </Link>
      </p>
    </AuthShell>
  );
}
