import { z } from 'zod';
import { returnOriginOf } from '../punchout.js';
import { shippingAddressAnswerSchema, shippingAddressSchema } from './address.js';
import { emailSchema } from './auth.js';
import { optionalTextSchema, paginationQuerySchema } from './common.js';

/**
 * Punchout (issue 32): a company's buyers order from inside their procurement system (SAP Ariba,
 * Coupa, Jaggaer over cXML; SAP SRM and S/4HANA over OCI). A shop admin sets it up per company.
 */
export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];

export const PUNCHOUT_SECRET_MIN_LENGTH = 8;
export const PUNCHOUT_SECRET_MAX_LENGTH = 200;
export const PUNCHOUT_ORIGINS_MAX = 10;

export const PUNCHOUT_MESSAGES = {
  /** A punchout session may fill its cart and send it back, nothing else (403 everywhere else). */
  sessionOnlyShops: 'This is a punchout session: fill the cart and return it to your procurement system, which places the order.',
  memberNotInCompany: 'The punchout member must be a member of this company',
  memberIsShopAdmin: 'A shop admin cannot be the punchout member: use an account made for the procurement system',
  noTerms: 'Punchout orders are placed on account: give the company payment terms first',
  secretRequired: 'Required the first time (it is stored as a hash and never shown again)',
  notPunchout: 'This browser has no punchout session',
  inspectOnly: 'This punchout session shows the cart as it was sent (inspect): it cannot be changed',
} as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A cXML credential: `<Credential domain="NetworkID"><Identity>AN01000000001</Identity></Credential>`. */
export const punchoutCredentialSchema = z.object({
  domain: text('Domain', 100),
  identity: text('Identity', 200),
});
export type PunchoutCredential = z.infer<typeof punchoutCredentialSchema>;

/** A secret as typed: kept exactly (spaces count), only its hash is stored. */
const secretSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .min(PUNCHOUT_SECRET_MIN_LENGTH, `${label} must be at least ${PUNCHOUT_SECRET_MIN_LENGTH} characters`)
    .max(PUNCHOUT_SECRET_MAX_LENGTH, `${label} must be at most ${PUNCHOUT_SECRET_MAX_LENGTH} characters`)
    .optional();

const originSchema = z
  .string({ error: 'Each return origin must be text' })
  .trim()
  .refine((v) => returnOriginOf(v) !== null, 'Each return origin must be an https origin such as https://buyer.example.com (http only for localhost)')
  .transform((v) => returnOriginOf(v) as string);

/**
 * `PUT /api/companies/{id}/punchout`. cXML needs the buyer's From and Sender identities (and a
 * shared secret); OCI needs a user name (and a password). The cXML identities may be given for an
 * OCI company too: its purchase orders may still come as cXML `OrderRequest`s. A secret left out
 * keeps the one stored (the server requires it the first time).
 */
export const punchoutConfigInputSchema = z
  .object({
    protocol: z.enum(PUNCHOUT_PROTOCOLS, { error: `protocol must be one of ${PUNCHOUT_PROTOCOLS.join(', ')}` }),
    fromIdentity: punchoutCredentialSchema.optional(),
    senderIdentity: punchoutCredentialSchema.optional(),
    sharedSecret: secretSchema('Shared secret'),
    ociUsername: optionalTextSchema('OCI user name', 100),
    ociPassword: secretSchema('OCI password'),
    allowedReturnOrigins: z
      .array(originSchema, { error: 'allowedReturnOrigins must be a list of origins' })
      .min(1, 'Give at least one return origin (where the procurement system receives the cart)')
      .max(PUNCHOUT_ORIGINS_MAX, `At most ${PUNCHOUT_ORIGINS_MAX} return origins`)
      .transform((list) => [...new Set(list)]),
    memberEmail: emailSchema,
    shipTo: shippingAddressSchema.optional(),
    /** What the top bar calls the buyer's system ('Return cart to SAP Ariba'). */
    systemName: optionalTextSchema('System name', 60),
  })
  .superRefine((v, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.protocol === 'cxml') {
      if (!v.fromIdentity) need('fromIdentity', 'The From identity is required for cXML');
      if (!v.senderIdentity) need('senderIdentity', 'The Sender identity is required for cXML');
    } else {
      if (!v.ociUsername) need('ociUsername', 'The OCI user name is required for OCI');
      if (Boolean(v.fromIdentity) !== Boolean(v.senderIdentity)) {
        need(v.fromIdentity ? 'senderIdentity' : 'fromIdentity', 'Give both cXML identities (for cXML purchase orders), or neither');
      }
    }
  });
export type PunchoutConfigInputValues = z.input<typeof punchoutConfigInputSchema>;
export type PunchoutConfigInput = z.output<typeof punchoutConfigInputSchema>;

/** A company's punchout setup as answered: never a secret, only whether one is stored; the URLs to give the buyer's system. */
export const punchoutConfigSchema = z.object({
  companyId: z.string(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  fromIdentity: punchoutCredentialSchema.nullable(),
  senderIdentity: punchoutCredentialSchema.nullable(),
  hasSharedSecret: z.boolean(),
  ociUsername: z.string().nullable(),
  hasOciPassword: z.boolean(),
  allowedReturnOrigins: z.array(z.string()),
  memberEmail: z.string(),
  shipTo: shippingAddressAnswerSchema.nullable(),
  systemName: z.string().nullable(),
  updatedAt: z.string(),
  /** Where the buyer's system sends its documents (from PUBLIC_URL). */
  urls: z.object({ cxmlSetup: z.string(), cxmlOrder: z.string(), oci: z.string() }),
});
export type PunchoutConfig = z.infer<typeof punchoutConfigSchema>;

export const PUNCHOUT_DIRECTIONS = ['in', 'out'] as const;
export type PunchoutDirection = (typeof PUNCHOUT_DIRECTIONS)[number];

/** The document types the log names. */
export const PUNCHOUT_DOCUMENT_TYPES = [
  'PunchOutSetupRequest',
  'PunchOutSetupResponse',
  'PunchOutOrderMessage',
  'OrderRequest',
  'OrderResponse',
  'OCISetup',
  'OCICart',
  'Unknown',
] as const;
export type PunchoutDocumentType = (typeof PUNCHOUT_DOCUMENT_TYPES)[number];

/** One document in or out, as the log lists it (its text only from `GET /api/punchout/documents/{id}`). */
export const punchoutDocumentSchema = z.object({
  id: z.string(),
  direction: z.enum(PUNCHOUT_DIRECTIONS),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  type: z.enum(PUNCHOUT_DOCUMENT_TYPES),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  payloadId: z.string().nullable(),
  /** The cXML `Status code` (or the HTTP status of an OCI answer); null for a cart sent back (the buyer's system answers the browser). */
  statusCode: z.number().int().nullable(),
  /** Why it was refused, or what it made ('Order BP-000123'). */
  message: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  /** Whether its text is still kept (90 days). */
  hasBody: z.boolean(),
});
export type PunchoutDocument = z.infer<typeof punchoutDocumentSchema>;

export const punchoutDocumentDetailSchema = punchoutDocumentSchema.extend({ body: z.string().nullable() });
export type PunchoutDocumentDetail = z.infer<typeof punchoutDocumentDetailSchema>;

/** `GET /api/punchout/documents`: newest first; `failed=true` only refusals (status 400 and above). */
export const punchoutDocumentListQuerySchema = paginationQuerySchema.extend({
  companyId: z.string().trim().max(100, 'companyId is not valid').optional(),
  direction: z.enum(PUNCHOUT_DIRECTIONS, { error: `direction must be one of ${PUNCHOUT_DIRECTIONS.join(', ')}` }).optional(),
  failed: z.enum(['true', 'false'], { error: 'failed must be true or false' }).optional(),
});
export type PunchoutDocumentListQuery = z.infer<typeof punchoutDocumentListQuerySchema>;

export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number];

/** `GET /api/punchout/session`: what the punchout bar shows (the caller's own punchout session). */
export const punchoutSessionSchema = z.object({
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  operation: z.enum(PUNCHOUT_OPERATIONS),
  /** 'SAP Ariba', or 'your procurement system'. */
  systemName: z.string(),
  companyName: z.string(),
  /** Where the cart goes (its origin only). */
  returnOrigin: z.string(),
});
export type PunchoutSession = z.infer<typeof punchoutSessionSchema>;
