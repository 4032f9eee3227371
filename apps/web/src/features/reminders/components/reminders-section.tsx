import { useEffect, useState } from 'react';
import {
  DAILY_FIVE_DEFAULT_AT,
  type ReminderSettingsResponse,
  type ReminderSwitches,
} from '@quizcast/contract/schemas/reminders';
import { Button } from '../../../components/ui/button';
import { InlineStatus, useInlineStatus } from '../../../components/ui/inline-status';
import { useT } from '../../../i18n/use-t';
import {
  forgetSubscription,
  saveSubscription,
  useReminderSettings,
  useSaveReminderSwitches,
} from '../api/reminders';
import { currentSubscription, pushSupported, subscribeThisBrowser } from '../lib/push-subscription';
import { remindersCatalog } from '../messages/catalog';
import { DailyFiveTime } from './daily-five-time';

const KINDS = ['quizOpening', 'results', 'reviewDue', 'dailyFive'] as const;

/**
 * Profile section (issue 28): reminders on or off for this browser, and which kinds. The browser's
 * permission is asked only when the learner presses "Turn reminders on", never on page load.
 */
export function RemindersSection() {
  const t = useT(remindersCatalog);
  const settings = useReminderSettings();
  return (
    <section
      aria-labelledby="reminders-heading"
      className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="reminders-heading" className="text-lg font-bold text-slate-900">
        {t('reminders.heading')}
      </h2>
      <p className="text-slate-700">{t('reminders.intro')}</p>
      {!pushSupported() ? (
        <p className="text-slate-800">{t('reminders.unsupported')}</p>
      ) : settings.data && !settings.data.publicKey ? (
        <p className="text-slate-800">{t('reminders.unavailable')}</p>
      ) : settings.data ? (
        <Controls settings={settings.data} />
      ) : null}
    </section>
  );
}

function Controls({ settings }: { settings: ReminderSettingsResponse }) {
  const t = useT(remindersCatalog);
  const [subscription, setSubscription] = useState<PushSubscription | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [blocked, setBlocked] = useState(() => Notification.permission === 'denied');
  const saveSwitches = useSaveReminderSwitches();
  // What turning on, off or a switch did, said under the controls (not a toast over the screen).
  const status = useInlineStatus();

  useEffect(() => {
    let live = true;
    void currentSubscription().then((s) => live && setSubscription(s));
    return () => {
      live = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy(true);
    status.clear();
    try {
      const result = await subscribeThisBrowser(settings.publicKey!);
      if (!result.ok) {
        if (result.reason === 'denied') setBlocked(Notification.permission === 'denied');
        status.say(result.reason === 'denied' ? t('reminders.blocked') : t('reminders.noWorker'), 'error');
        return;
      }
      await saveSubscription(result.body);
      setSubscription(await currentSubscription());
      status.say(t('reminders.turnedOn'));
    } catch {
      status.say(t('reminders.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    if (!subscription) return;
    setBusy(true);
    status.clear();
    try {
      await forgetSubscription(subscription.endpoint);
      await subscription.unsubscribe();
      setSubscription(null);
      status.say(t('reminders.turnedOff'));
    } catch {
      status.say(t('reminders.failed'), 'error');
    } finally {
      setBusy(false);
    }
  };

  const save = (next: ReminderSwitches) => {
    status.clear();
    saveSwitches.mutate(next, {
      onSuccess: () => status.say(t('reminders.saved')),
      onError: () => status.say(t('reminders.failed'), 'error'),
    });
  };
  const toggle = (kind: (typeof KINDS)[number], on: boolean) => save({ ...settings.switches, [kind]: on });

  if (subscription === undefined) return null;
  return (
    <div className="space-y-3">
      {/* Blocked on an earlier visit; just now, the status below says it. */}
      {blocked && !subscription && status.status?.tone !== 'error' ? (
        <p className="text-red-800">{t('reminders.blocked')}</p>
      ) : null}
      {subscription ? (
        <>
          <p className="font-semibold text-slate-900" data-testid="reminders-on">
            {t('reminders.on')}
          </p>
          <fieldset className="space-y-1">
            <legend className="font-semibold text-slate-900">{t('reminders.kinds')}</legend>
            {KINDS.map((kind) => (
              <label key={kind} className="flex min-h-11 items-center gap-3 text-slate-800">
                <input
                  type="checkbox"
                  className="size-5"
                  checked={settings.switches[kind] ?? true}
                  disabled={saveSwitches.isPending}
                  onChange={(e) => toggle(kind, e.target.checked)}
                />
                {t(`reminders.kind.${kind}`)}
              </label>
            ))}
          </fieldset>
          <DailyFiveTime
            value={settings.switches.dailyFiveAt ?? DAILY_FIVE_DEFAULT_AT}
            disabled={saveSwitches.isPending}
            onSave={(dailyFiveAt) => save({ ...settings.switches, dailyFiveAt })}
          />
          <Button variant="secondary" onClick={() => void turnOff()} disabled={busy}>
            {t('reminders.turnOff')}
          </Button>
        </>
      ) : (
        <Button onClick={() => void turnOn()} disabled={busy}>
          {t('reminders.turnOn')}
        </Button>
      )}
      <InlineStatus status={status.status} />
    </div>
  );
}
