import { ProfilePage } from '../../features/profile/components/profile-page';
import { ReviewSettingsSection } from '../../features/review/components/review-settings-section';

/** The profile with the Review feature's settings (target exam, retention, limits) composed in. */
export function Component() {
  return <ProfilePage extra={<ReviewSettingsSection />} />;
}
