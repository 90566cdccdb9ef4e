import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { TwoFactorSettings } from '@/features/auth/components/two-factor-settings';
import { profileQueries } from '@/features/profile/api/profile-queries';
import { EditProfileForm } from '@/features/profile/components/edit-profile-form';
import { PhotoPicker } from '@/features/profile/components/photo-picker';

/** `/editprofile`: address, phone, LinkedIn link, photo, and two-factor settings. */
export function Component() {
  const profile = useQuery(profileQueries.own());
  return (
    <section className="mx-auto max-w-2xl space-y-6 p-4 sm:p-10">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">Edit profile</h1>
        <Link to="/dashboard" className="link">
          Back to My Profile
        </Link>
      </div>
      {profile.isPending ? (
        <PageSpinner label="Loading your profile" />
      ) : profile.isError ? (
        <LoadFailure error={profile.error} onRetry={profile.refetch} />
      ) : (
        <>
          <div className="card bg-base-100 shadow">
            <div className="card-body gap-6">
              <PhotoPicker photoURL={profile.data.photoURL} name={profile.data.name} />
              <EditProfileForm profile={profile.data} />
            </div>
          </div>
          <TwoFactorSettings />
        </>
      )}
    </section>
  );
}
