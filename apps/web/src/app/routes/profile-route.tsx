import { MyChallengesSection } from '../../features/challenges/components/my-challenges-section';
import { ProfilePage } from '../../features/profile/components/profile-page';
import { RemindersSection } from '../../features/reminders/components/reminders-section';
import { ReviewSettingsSection } from '../../features/review/components/review-settings-section';

/** The profile with the Review feature's settings the reminders and the shared results (issue 28) composed in. */
export function Component() {
  return (
    <ProfilePage
      extra={
        <>
          <RemindersSection />
          <MyChallengesSection />
          <ReviewSettingsSection />
        </>
      }
    />
  );
}
