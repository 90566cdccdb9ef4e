import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { RETURN_REASON_MAX_LENGTH, returnRejectSchema, type Return, type ReturnReject } from '@bulkparts/shared';
import { applyFieldErrors, TextareaField } from '@/components/ui/form';
import { FormDialog } from '@/components/ui/form-dialog';
import { errorMessage } from '@/lib/api-client';
import { useRejectReturn } from '../api/return-mutations';

/** Rejects a requested return, with the reason the buyer is mailed; its pieces may be asked for again. */
export function RejectReturnDialog({ ret, onClose }: { ret: Return; onClose: () => void }) {
  const reject = useRejectReturn();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<ReturnReject>({ resolver: zodResolver(returnRejectSchema), defaultValues: { reason: '' } });
  const onSubmit = handleSubmit(async ({ reason }) => {
    setFailure(null);
    try {
      await reject.mutateAsync({ id: ret._id, reason });
      toast.success(`Return ${ret.rmaNumber} rejected`);
      onClose();
    } catch (err) {
      if (!applyFieldErrors(err, setError, { only: ['reason'], shouldFocus: true })) setFailure(errorMessage(err, 'Could not reject the return.'));
    }
  });
  return (
    <FormDialog
      title={`Reject return ${ret.rmaNumber}`}
      onClose={onClose}
      onSubmit={onSubmit}
      submitLabel="Reject return"
      pendingLabel="Rejecting…"
      pending={formState.isSubmitting}
      submitTone="error"
      error={failure}
    >
      <TextareaField
        label="Reason"
        hint={`Mailed to the buyer; up to ${RETURN_REASON_MAX_LENGTH} characters`}
        registration={register('reason')}
        error={formState.errors.reason}
      />
    </FormDialog>
  );
}
