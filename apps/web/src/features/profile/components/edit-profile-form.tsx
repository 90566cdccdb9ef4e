import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { profileInputSchema, type Profile, type ProfileInput } from '@bulkparts/shared';
import { applyFieldErrors, TextField } from '@/components/ui/form';
import { ApiClientError } from '@/lib/api-client';
import { useSaveProfile } from '../api/save-profile';

const fields = [
  { name: 'address', label: 'Address', type: 'text', autoComplete: 'street-address', placeholder: '1 Dock Road, Springfield' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', placeholder: '+1 555 0100' },
  { name: 'url', label: 'LinkedIn profile link', type: 'url', autoComplete: 'url', placeholder: 'https://www.linkedin.com/in/your-name' },
] as const;

export function EditProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const { register, handleSubmit, reset, setError, formState } = useForm<z.input<typeof profileInputSchema>, unknown, ProfileInput>({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { address: profile.address, phone: profile.phone, url: profile.url },
  });
  const { errors } = formState;
  useEffect(() => reset({ address: profile.address, phone: profile.phone, url: profile.url }), [profile.address, profile.phone, profile.url, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Profile saved');
    } catch (err) {
      applyFieldErrors(err, setError);
      if (err instanceof ApiClientError) toast.error(err.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {fields.map(({ name, ...f }) => (
        <TextField key={name} {...f} registration={register(name)} error={errors[name]} />
      ))}
      <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
