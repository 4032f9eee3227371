import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n/use-t';
import { saveSubscription, useReminderSettings } from '../api/reminders';
import { currentSubscription, pushSupported, subscribeThisBrowser } from '../lib/push-subscription';
import { remindersCatalog } from '../messages/catalog';

/**
 * "Turn reminders on", offered after the learner finishes a quiz (issue 28) when this browser can
 * get them and does not yet. The permission is asked only on the button, never when this shows.
 */
export function RemindersOffer() {
  const t = useT(remindersCatalog);
  const settings = useReminderSettings();
  const [state, setState] = useState<'checking' | 'offer' | 'busy' | 'hidden'>(() =>
    pushSupported() && Notification.permission !== 'denied' ? 'checking' : 'hidden',
  );

  useEffect(() => {
    let live = true;
    if (pushSupported()) void currentSubscription().then((s) => live && setState(s ? 'hidden' : 'offer'));
    return () => {
      live = false;
    };
  }, []);

  const publicKey = settings.data?.publicKey;
  if (state === 'checking' || state === 'hidden' || !publicKey) return null;

  const turnOn = async () => {
    setState('busy');
    try {
      const result = await subscribeThisBrowser(publicKey);
      if (!result.ok) {
        toast.error(result.reason === 'denied' ? t('reminders.blocked') : t('reminders.noWorker'));
        setState(result.reason === 'denied' ? 'hidden' : 'offer');
        return;
      }
      await saveSubscription(result.body);
      toast.success(t('reminders.turnedOn'));
      setState('hidden');
    } catch {
      toast.error(t('reminders.failed'));
      setState('offer');
    }
  };

  return (
    <section
      aria-labelledby="reminders-offer-heading"
      className="space-y-2 text-center"
      data-testid="reminders-offer"
    >
      <h2 id="reminders-offer-heading" className="font-semibold text-slate-900">
        {t('reminders.offer')}
      </h2>
      <Button variant="secondary" onClick={() => void turnOn()} disabled={state === 'busy'}>
        {t('reminders.turnOn')}
      </Button>
    </section>
  );
}
