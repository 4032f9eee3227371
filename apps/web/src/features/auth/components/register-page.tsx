import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { EDUCATION_LEVELS } from '@quizcast/contract/constants';
import { WEB_ROUTES } from '@quizcast/contract/routes';
import { AUTH_MESSAGES } from '@quizcast/contract/schemas/auth';
import {
  registerFormSchema,
  STUDENT_MESSAGES,
  type RegisterFormInput,
} from '@quizcast/contract/schemas/student';
import { Button } from '../../../components/ui/button';
import { PhotoPicker } from '../../../components/ui/photo-picker';
import { announceOn } from '../../../components/ui/screen-notice';
import { useInlineStatus } from '../../../components/ui/inline-status';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { educationLevelLabel } from '../../../i18n/education-level';
import { commonCatalog } from '../../../i18n/messages/catalog';
import { useServerMessage, useT } from '../../../i18n/use-t';
import { useAuth } from '../../../lib/auth';
import { withRedirect } from '../../../lib/redirect';
import { useSendOtp } from '../api/send-otp';
import { useSignup } from '../api/signup';
import { useRedirectTarget } from '../hooks/use-redirect-target';
import { authCatalog } from '../messages/catalog';
import { digitsOnly } from '../input-format';
import { useResendCountdown } from '../hooks/use-resend-countdown';
import { AuthShell } from './auth-shell';
import { OtpDialog } from './otp-dialog';

/**
 * Register (spec sections 2, 5): optional photo, Name, Phone Number, Place, Education Level, Institution;
 * Continue sends the code and opens "Enter Otp"; Confirm creates the account.
 */
export function RegisterPage() {
  const { user, saveUser } = useAuth();
  const navigate = useNavigate();
  const redirect = useRedirectTarget();
  const [photo, setPhoto] = useState<File | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [otp, setOtp] = useState('');
  const [sendCount, setSendCount] = useState<number | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const countdown = useResendCountdown();
  // "OTP sent" is said in the code's dialog, beside its boxes: as a toast it covered the screen (issue 30, defect 7).
  const sent = useInlineStatus();
  const send = useSendOtp();
  const signup = useSignup();
  const t = useT(authCatalog);
  const tCommon = useT(commonCatalog);
  const m = useServerMessage();

  const form = useForm<RegisterFormInput>({
    resolver: zodResolver(registerFormSchema),
    mode: 'onTouched',
    defaultValues: { name: '', phNo: '', place: '', class: '', school: '' } as unknown as RegisterFormInput,
  });
  const { errors } = form.formState;
  const phoneField = form.register('phNo');

  if (user && !signup.isSuccess) return <Navigate to={redirect ?? WEB_ROUTES.quizzes} replace />;

  const sendCode = async ({ resend = false } = {}) => {
    const phNo = form.getValues('phNo');
    // The code sent moments ago to this number is still good: reopen the dialog instead of asking again.
    if (!resend && phNo === sentTo && countdown.remaining > 0) {
      setDialogOpen(true);
      return;
    }
    try {
      await send.mutateAsync({ purpose: 'signup', phNo });
      sent.say(m(AUTH_MESSAGES.otpSent));
      setOtp('');
      setSendCount((n) => (n ?? 0) + 1);
      setSentTo(phNo);
      countdown.restart();
      setDialogOpen(true);
    } catch (err) {
      toast.error(errorMessage(err, m(AUTH_MESSAGES.sendFailed)));
    }
  };

  const confirm = async () => {
    const values = registerFormSchema.parse(form.getValues());
    try {
      const { accessToken, ...created } = await signup.mutateAsync({
        ...values,
        otp,
        profilePicture: photo,
      });
      saveUser(created, accessToken);
      const next = redirect ?? WEB_ROUTES.quizzes;
      announceOn(next, m(STUDENT_MESSAGES.registered));
      navigate(next, { replace: true });
    } catch (err) {
      toast.error(errorMessage(err, m(AUTH_MESSAGES.somethingWentWrong)));
    }
  };

  return (
    <AuthShell title={t('auth.register.title')} subtitle={t('auth.register.subtitle')}>
      <form noValidate onSubmit={form.handleSubmit(() => sendCode())} className="space-y-5">
        <PhotoPicker file={photo} onChange={setPhoto} />
        <TextField
          label={t('auth.name')}
          autoComplete="name"
          error={m(errors.name?.message)}
          {...form.register('name')}
        />
        <TextField
          label={t('auth.phone.label')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder={t('auth.phone.placeholder')}
          error={m(errors.phNo?.message)}
          {...phoneField}
          onChange={(event) => {
            event.target.value = digitsOnly(event.target.value);
            return phoneField.onChange(event);
          }}
        />
        <TextField
          label={t('auth.place')}
          autoComplete="address-level2"
          error={m(errors.place?.message)}
          {...form.register('place')}
        />
        <SelectField
          label={t('auth.educationLevel')}
          options={EDUCATION_LEVELS}
          optionLabel={(level) => educationLevelLabel(level, tCommon)}
          placeholder={t('auth.educationLevel.placeholder')}
          error={m(errors.class?.message)}
          {...form.register('class')}
        />
        <TextField
          label={t('auth.institution')}
          autoComplete="organization"
          hint={t('auth.institution.hint')}
          error={m(errors.school?.message)}
          {...form.register('school')}
        />
        <Button type="submit" className="w-full" loading={send.isPending}>
          {t('auth.continue')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('auth.register.haveAccount')}{' '}
        <Link
          to={withRedirect(WEB_ROUTES.login, redirect)}
          className="font-semibold text-brand-800 hover:underline"
        >
          {t('auth.login.link')}
        </Link>
      </p>

      <OtpDialog
        open={dialogOpen}
        phNo={form.getValues('phNo')}
        sendCount={sendCount}
        sent={sent.status}
        otp={otp}
        onOtpChange={setOtp}
        onChangeNumber={() => {
          setDialogOpen(false);
          setTimeout(() => form.setFocus('phNo'), 0);
        }}
        onCancel={() => setDialogOpen(false)}
        onConfirm={() => void confirm()}
        confirming={signup.isPending}
        resendRemaining={countdown.remaining}
        resending={send.isPending}
        onResend={() => void sendCode({ resend: true })}
      />
    </AuthShell>
  );
}
