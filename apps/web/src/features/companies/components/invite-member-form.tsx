import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, INVITATION_TTL_DAYS, invitationCreateSchema, type InvitationCreateValues } from '@bulkparts/shared';
import { applyFieldErrors, FormError, FormField, TextField } from '@/components/ui/form';
import { errorMessage } from '@/lib/api-client';
import { useInviteMember } from '../api/invite-member';

/**
 * A company admin invites someone by email with a role; the server mails them a link that works
 * for 7 days. A second open invitation for the same address is refused (409), shown under the email.
 */
export function InviteMemberForm({ companyId }: { companyId: string }) {
  const invite = useInviteMember();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<InvitationCreateValues>({
    resolver: zodResolver(invitationCreateSchema),
    defaultValues: { email: '', role: 'buyer' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const invitation = await invite.mutateAsync({ companyId, ...values });
      toast.success(`Invitation sent to ${invitation.email}`);
      reset({ email: '', role: values.role });
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['email', 'role'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not send the invitation.'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Invite a member" className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start">
        <TextField label="Email" type="email" autoComplete="off" registration={register('email')} error={errors.email} />
        <FormField label="Role" error={errors.role}>
          {(control) => (
            <select className="select select-bordered w-full" {...control} {...register('role')}>
              {COMPANY_ROLES.map((r) => (
                <option key={r} value={r}>
                  {COMPANY_ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Sending…' : 'Send invitation'}
        </button>
      </div>
      <p className="text-sm text-base-content/70">The link in the mail works for {INVITATION_TTL_DAYS} days and only once.</p>
      <FormError message={failure} />
    </form>
  );
}
