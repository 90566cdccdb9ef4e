import { toNestErrors } from '@hookform/resolvers';
import type { FieldError, Resolver } from 'react-hook-form';
import {
  punchoutConfigInputSchema,
  type PunchoutConfig,
  type PunchoutConfigInput,
  type PunchoutConfigInputValues,
  type ShippingAddressInput,
} from '@bulkparts/shared';
import { EMPTY_ADDRESS } from '@/components/ui/form';

/**
 * The punchout setup form's values (issue 32): the shared input's fields as the form edits them:
 * identities as two texts each (both empty: none), secrets empty to keep the stored ones, the
 * return origins one per line, the default ship-to behind a checkbox.
 */
export interface PunchoutFormValues {
  protocol: 'cxml' | 'oci';
  fromIdentity: { domain: string; identity: string };
  senderIdentity: { domain: string; identity: string };
  sharedSecret: string;
  ociUsername: string;
  ociPassword: string;
  origins: string;
  memberEmail: string;
  systemName: string;
  hasShipTo: boolean;
  shipTo: Required<ShippingAddressInput>;
}

/** An identity is given by its identity text (the domain has a default). */
const credential = (c: { domain: string; identity: string }) => (c.identity.trim() ? { domain: c.domain, identity: c.identity } : undefined);

/** The values the shared schema checks (and the API takes). */
export function toPunchoutInput(v: PunchoutFormValues): PunchoutConfigInputValues {
  return {
    protocol: v.protocol,
    fromIdentity: credential(v.fromIdentity),
    senderIdentity: credential(v.senderIdentity),
    sharedSecret: v.sharedSecret || undefined,
    ociUsername: v.ociUsername,
    ociPassword: v.ociPassword || undefined,
    allowedReturnOrigins: v.origins
      .split(/[\s,]+/)
      .map((o) => o.trim())
      .filter(Boolean),
    memberEmail: v.memberEmail,
    systemName: v.systemName,
    shipTo: v.hasShipTo ? v.shipTo : undefined,
  };
}

/** The form for a stored setup (secrets empty: kept unless typed again), or a new one. */
export function punchoutFormValues(config: PunchoutConfig | null): PunchoutFormValues {
  return {
    protocol: config?.protocol ?? 'cxml',
    fromIdentity: config?.fromIdentity ?? { domain: 'NetworkID', identity: '' },
    senderIdentity: config?.senderIdentity ?? { domain: 'NetworkID', identity: '' },
    sharedSecret: '',
    ociUsername: config?.ociUsername ?? '',
    ociPassword: '',
    origins: config?.allowedReturnOrigins.join('\n') ?? '',
    memberEmail: config?.memberEmail ?? '',
    systemName: config?.systemName ?? '',
    hasShipTo: Boolean(config?.shipTo),
    shipTo: { ...EMPTY_ADDRESS, ...config?.shipTo },
  };
}

/** The form path a schema (or server) message belongs under: an origin's under the origins box. */
export function formPathOf(path: string): string {
  if (path.startsWith('allowedReturnOrigins')) return 'origins';
  // "The From identity is required": under the identity's own box.
  if (path === 'fromIdentity' || path === 'senderIdentity') return `${path}.identity`;
  return path;
}

/** Validates with the shared schema (the server's rules and messages), each message under its control. */
export const punchoutFormResolver: Resolver<PunchoutFormValues, unknown, PunchoutConfigInput> = async (values, _context, options) => {
  const parsed = punchoutConfigInputSchema.safeParse(toPunchoutInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const flat: Record<string, FieldError> = {};
  for (const issue of parsed.error.issues) flat[formPathOf(issue.path.join('.'))] ??= { type: issue.code, message: issue.message };
  return { values: {}, errors: toNestErrors(flat, options) };
};
