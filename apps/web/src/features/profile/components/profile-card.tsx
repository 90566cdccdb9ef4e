import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailure } from '@/components/ui/load-failure';
import { PageSpinner } from '@/components/ui/page-spinner';
import { profileQueries } from '../api/profile-queries';

/** My Profile: who the user is and how to reach them, with a link to edit it. */
export function ProfileCard() {
  const profile = useQuery(profileQueries.own());
  if (profile.isPending) return <PageSpinner label="Loading your profile" />;
  if (profile.isError) return <LoadFailure error={profile.error} onRetry={profile.refetch} />;
  const p = profile.data;
  const rows: [string, React.ReactNode][] = [
    ['Email', p.email],
    ['Address', p.address || 'Not set'],
    ['Phone', p.phone || 'Not set'],
    [
      'LinkedIn',
      p.url ? (
        <a className="link link-primary break-all" href={p.url} target="_blank" rel="noopener noreferrer">
          {p.url}
        </a>
      ) : (
        'Not set'
      ),
    ],
  ];
  return (
    <section className="card bg-base-100 shadow" aria-labelledby="profile-title">
      <div className="card-body gap-4 sm:flex-row sm:items-start">
        <div className="avatar">
          <div className="w-24 rounded-full bg-base-300">
            {p.photoURL ? (
              <img src={p.photoURL} alt={`Photo of ${p.name}`} />
            ) : (
              <span className="flex h-full items-center justify-center text-3xl" aria-hidden="true">
                {p.name.slice(0, 1).toUpperCase()}
              </span>
            )}
          </div>
        </div>
        <div className="min-w-0 flex-1">
          <h1 id="profile-title" className="card-title text-2xl">
            {p.name}
          </h1>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="font-semibold">{label}</dt>
                <dd className="min-w-0">{value}</dd>
              </div>
            ))}
          </dl>
          <Link to="/editprofile" className="btn btn-primary btn-sm mt-4">
            Edit profile
          </Link>
        </div>
      </div>
    </section>
  );
}
