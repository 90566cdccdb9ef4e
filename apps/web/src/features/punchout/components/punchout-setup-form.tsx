import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'react-toastify';
import type { PunchoutConfig, PunchoutConfigInput } from '@bulkparts/shared';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { AddressFields, FormError, FormField, TextareaField, TextField } from '@/components/ui/form';
import { ApiClientError, errorMessage } from '@/lib/api-client';
import { useDeletePunchoutConfig } from '../api/delete-punchout-config';
import { useSavePunchoutConfig } from '../api/save-punchout-config';
import { formPathOf, punchoutFormResolver, punchoutFormValues, type PunchoutFormValues } from './punchout-form-values';

/** Where the procurement system is told to send its documents, to copy into its supplier setup. */
function Urls({ config }: { config: PunchoutConfig }) {
  const rows: [string, string][] = [
    ['cXML setup URL (PunchOutSetupRequest)', config.urls.cxmlSetup],
    ['cXML order URL (OrderRequest)', config.urls.cxmlOrder],
    ['OCI URL (HOOK_URL login)', config.urls.oci],
  ];
  return (
    <section aria-labelledby="punchout-urls-title" className="space-y-2 rounded-box bg-base-200 p-4">
      <h2 id="punchout-urls-title" className="text-lg font-semibold">
        Give the procurement system these
      </h2>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, url]) => (
          <div key={label} className="contents">
            <dt className="text-base-content/70">{label}</dt>
            <dd>
              <code className="break-all">{url}</code>
            </dd>
          </div>
        ))}
        <dt className="text-base-content/70">Last saved</dt>
        <dd>{new Date(config.updatedAt).toLocaleString()}</dd>
      </dl>
    </section>
  );
}

/**
 * A company's punchout setup (issue 32, shop admins): protocol, the buyer's cXML identities and
 * shared secret, OCI's user name and password (secrets are never shown: left empty, the stored
 * ones stay), the origins the cart may go back to, the member account punchout orders as, and a
 * default ship-to. Deleting turns punchout off.
 */
export function PunchoutSetupForm({ companyId, companyName, config }: { companyId: string; companyName: string; config: PunchoutConfig | null }) {
  const save = useSavePunchoutConfig();
  const remove = useDeletePunchoutConfig();
  const [confirming, setConfirming] = useState(false);
  const form = useForm<PunchoutFormValues, unknown, PunchoutConfigInput>({ resolver: punchoutFormResolver, defaultValues: punchoutFormValues(config) });
  const { register, handleSubmit, setError, formState, reset, control } = form;
  const { errors } = formState;
  const protocol = useWatch({ control, name: 'protocol' });
  const hasShipTo = useWatch({ control, name: 'hasShipTo' });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync({ companyId, input });
      reset(punchoutFormValues(saved));
      toast.success(`Punchout of ${companyName} saved`);
    } catch (err) {
      let matched = false;
      if (err instanceof ApiClientError) {
        for (const [path, message] of Object.entries(err.fields)) {
          const field = formPathOf(path);
          if (field === 'paymentTerms') continue;
          setError(field as keyof PunchoutFormValues, { type: 'server', message }, { shouldFocus: !matched });
          matched = true;
        }
      }
      if (!matched) setError('root', { message: errorMessage(err, 'Could not save the punchout setup.') });
    }
  });

  const secretHint = (stored: boolean | undefined) => (stored ? 'Stored (never shown); leave empty to keep it' : 'At least 8 characters; stored as a hash');

  return (
    <div className="space-y-6">
      {config && <Urls config={config} />}
      <form onSubmit={onSubmit} noValidate className="max-w-3xl space-y-5" aria-labelledby="punchout-setup-title">
        <h2 id="punchout-setup-title" className="text-lg font-semibold">
          {config ? 'Punchout setup' : 'Set punchout up'}
        </h2>
        <FormField label="Protocol" hint="cXML: SAP Ariba, Coupa, Jaggaer. OCI: SAP SRM, S/4HANA" error={errors.protocol}>
          {(control) => (
            <select className="select select-bordered w-full max-w-xs" {...control} {...register('protocol')}>
              <option value="cxml">cXML 1.2</option>
              <option value="oci">OCI 4.0 / 5.0</option>
            </select>
          )}
        </FormField>
        <fieldset className="space-y-3">
          <legend className="font-semibold">
            cXML identities {protocol === 'oci' && <span className="font-normal">(optional: for cXML purchase orders)</span>}
          </legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField
              label="From domain"
              hint="As the buyer's documents name it: NetworkID, DUNS…"
              registration={register('fromIdentity.domain')}
              error={errors.fromIdentity?.domain}
            />
            <TextField
              label="From identity"
              hint="The buyer's id (an Ariba Network ID, a DUNS number)"
              registration={register('fromIdentity.identity')}
              error={errors.fromIdentity?.identity}
            />
            <TextField label="Sender domain" registration={register('senderIdentity.domain')} error={errors.senderIdentity?.domain} />
            <TextField
              label="Sender identity"
              hint="Who sends the documents (often the network, e.g. AN01000000001)"
              registration={register('senderIdentity.identity')}
              error={errors.senderIdentity?.identity}
            />
          </div>
          <TextField
            label="Shared secret"
            type="password"
            autoComplete="new-password"
            hint={secretHint(config?.hasSharedSecret)}
            registration={register('sharedSecret')}
            error={errors.sharedSecret}
          />
        </fieldset>
        <fieldset className="space-y-3">
          <legend className="font-semibold">OCI login {protocol === 'cxml' && <span className="font-normal">(optional)</span>}</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <TextField label="OCI user name" autoComplete="off" registration={register('ociUsername')} error={errors.ociUsername} />
            <TextField
              label="OCI password"
              type="password"
              autoComplete="new-password"
              hint={secretHint(config?.hasOciPassword)}
              registration={register('ociPassword')}
              error={errors.ociPassword}
            />
          </div>
        </fieldset>
        <TextareaField
          label="Allowed return origins"
          hint="One per line, e.g. https://s1.ariba.com: the cart goes back only to a return URL on one of these"
          textareaClassName="textarea textarea-bordered h-24 w-full font-mono"
          registration={register('origins')}
          error={errors.origins}
        />
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label="Punchout member's email"
            type="email"
            hint="A member of this company (not a shop admin) that punchout signs in and orders as; give it no spending limit"
            registration={register('memberEmail')}
            error={errors.memberEmail}
          />
          <TextField
            label="System name (optional)"
            hint="The bar says 'Return cart to <this>'"
            registration={register('systemName')}
            error={errors.systemName}
          />
        </div>
        <fieldset className="space-y-3">
          <legend className="font-semibold">Default ship-to</legend>
          <label className="label cursor-pointer justify-start gap-2">
            <input type="checkbox" className="checkbox" {...register('hasShipTo')} />
            <span>Ship orders that name no ShipTo here</span>
          </label>
          {hasShipTo && <AddressFields section="shipping" registration={(f) => register(`shipTo.${f}`)} errors={errors.shipTo} />}
        </fieldset>
        <FormError message={errors.root?.message} />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save punchout setup'}
          </button>
          {config && (
            <button type="button" className="btn btn-outline btn-error" disabled={remove.isPending} onClick={() => setConfirming(true)}>
              Turn punchout off
            </button>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Turn punchout off?"
        message={`${companyName}'s buyers will no longer punch out to the shop, and its procurement system's orders will be refused. The log stays.`}
        confirmLabel="Turn off"
        cancelLabel="Keep it"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(companyId, {
            onSuccess: () => {
              reset(punchoutFormValues(null));
              toast.success(`Punchout of ${companyName} turned off`);
            },
            onError: (err) => toast.error(errorMessage(err, 'Could not turn punchout off.')),
          });
        }}
      />
    </div>
  );
}
