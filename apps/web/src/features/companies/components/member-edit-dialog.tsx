import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { COMPANY_ROLE_LABELS, COMPANY_ROLES, memberUpdateSchema, type Member } from '@bulkparts/shared';
import { applyFieldErrors, FormField, NumberField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { useUpdateMember } from '../api/update-member';

/** The form's view of a member: an emptied limit field (NaN) means no limit. */
const memberFormSchema = z.object({
  role: memberUpdateSchema.shape.role,
  spendingLimit: z.preprocess((v: number | null) => (Number.isNaN(v) ? null : v), memberUpdateSchema.shape.spendingLimit.unwrap()),
});
type MemberFormValues = z.input<typeof memberFormSchema>;

/**
 * A company admin changes a member's role and per-order spending limit (dollars; empty = no limit).
 * Nobody changes their own role (the server refuses it too); the server's refusals (the last
 * company admin, a limit out of range) show under the field or above the buttons.
 */
export function MemberEditDialog({ companyId, member, isSelf, onClose }: { companyId: string; member: Member; isSelf: boolean; onClose: () => void }) {
  const update = useUpdateMember();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<MemberFormValues, unknown, z.output<typeof memberFormSchema>>({
    resolver: zodResolver(memberFormSchema),
    defaultValues: { role: member.role, spendingLimit: member.spendingLimit },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ role, spendingLimit }) => {
    setFailure(null);
    try {
      // The role only when it changes: sending one's own (even unchanged) is refused.
      await update.mutateAsync({ companyId, userId: member.userId, spendingLimit, ...(role && role !== member.role ? { role } : {}) });
      toast.success(`${member.name || member.email} updated`);
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['role', 'spendingLimit'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not save the member.'));
    }
  });

  return (
    <FormDialog
      title={`Edit ${member.name || member.email}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Save"
      pendingLabel="Saving…"
      pending={formState.isSubmitting}
      error={failure}
    >
      <p className="text-sm break-all">{member.email}</p>
      {isSelf ? (
        <p>
          Role: {COMPANY_ROLE_LABELS[member.role]} <span className="text-sm text-base-content/70">(you cannot change your own role)</span>
        </p>
      ) : (
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
      )}
      <NumberField
        label="Spending limit per order ($)"
        hint="Orders above it wait for an approver. Leave empty for no limit."
        step="0.01"
        min={0}
        register={register}
        name="spendingLimit"
        error={errors.spendingLimit}
      />
    </FormDialog>
  );
}
