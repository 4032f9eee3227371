import { useEffect } from 'react';
import { useAuth } from '../lib/auth';
import { setLanguage, storedLanguage } from './i18n';
import { useLanguage } from './use-t';

/**
 * Keeps the device and the profile agreeing on the language (issue 18). A choice made on this device
 * (on the landing page, the login page, the user menu) is the latest one: it is saved to the profile.
 * A device where the learner never chose follows the profile, so Hindi follows them to a new phone.
 */
export function PreferredLanguageSync() {
  const { user, saveUser } = useAuth();
  const language = useLanguage();
  const userId = user?._id;
  const preferred = user?.preferredLanguage ?? null;

  useEffect(() => {
    if (!userId) return;
    const chosenHere = storedLanguage();
    if (chosenHere && chosenHere !== preferred) {
      import('./preferred-language-api')
        .then(({ savePreferredLanguage }) => savePreferredLanguage(chosenHere))
        .then(
          (updated) => saveUser(updated),
          (err: unknown) => console.warn('Could not save the language to the profile', err),
        );
    } else if (!chosenHere && preferred && preferred !== language) {
      setLanguage(preferred).catch((err: unknown) =>
        console.warn('Could not switch to the profile language', err),
      );
    }
  }, [userId, preferred, language, saveUser]);

  return null;
}
