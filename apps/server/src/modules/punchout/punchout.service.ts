import {
  PUNCHOUT_DOCUMENT_BODY_DAYS,
  PUNCHOUT_MESSAGES,
  PUNCHOUT_START_TTL_SECONDS,
  type PunchoutConfig,
  type PunchoutConfigInput,
  type PunchoutCredential,
  type PunchoutDocument,
  type PunchoutDocumentDetail,
  type PunchoutDocumentListQuery,
  type PunchoutDocumentType,
  type PunchoutOperation,
  type PunchoutProtocol,
  type PunchoutSession,
  type ShippingAddress,
} from '@bulkparts/shared';
import type { Transaction } from 'kysely';
import { pageOffset } from '../../db/query-helpers.js';
import type { DB } from '../../db/tables.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { newId, nowIso } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { CompaniesService } from '../companies/companies.service.js';
import type { UsersService } from '../users/users.service.js';
import type { RateLimiter, RateRule } from '../rate-limit/rate-limit.service.js';
import { hashSecret, hashToken, newStartToken, verifySecret } from './punchout-secrets.js';
import {
  PunchoutIdentityTakenError,
  type PunchoutConfigRow,
  type PunchoutDocumentRow,
  type PunchoutRepository,
  type PunchoutSessionRow,
} from './punchout.repository.js';

export interface PunchoutDeps {
  repo: PunchoutRepository;
  /** Wrong secrets are counted per sender address and identity named: guessing one is slowed down (`RATE_LIMITED`). */
  rateLimiter?: Pick<RateLimiter, 'assertAllowed' | 'hit'>;
  companies: Pick<CompaniesService, 'forShopAdmin' | 'isMember' | 'namesOf' | 'membershipOf'>;
  users: Pick<UsersService, 'identityByEmail' | 'usersByIds' | 'sessionUserOf'>;
  /** PUBLIC_URL: the URLs the setup answers, and the start links. */
  publicUrl: string;
  now?: () => Date;
}

/** Wrong credentials one address may present for one identity before it waits (a procurement network's misconfiguration stays far below). */
export const PUNCHOUT_FAILURES: RateRule = { max: 20, windowSeconds: 10 * 60 };

/** The From credential as the unique key stores it: domains and identities compare without case. */
export const credentialKey = (c: PunchoutCredential) => `${c.domain.trim().toLowerCase()}\n${c.identity.trim().toLowerCase()}`;
const sameCredential = (a: PunchoutCredential, b: PunchoutCredential) => credentialKey(a) === credentialKey(b);

/** A setup's header as the cart mirrors it (stored with the session). */
export interface SessionHeader {
  buyer: PunchoutCredential;
  shop: PunchoutCredential;
  userAgent: string | null;
}

/** A company's setup as the punchout flows use it. */
export interface PunchoutCompany {
  companyId: string;
  /** The cXML From identity the setup names (the cart's To), or null for an OCI-only setup. */
  fromIdentity: PunchoutCredential | null;
  protocol: PunchoutProtocol;
  memberUserId: string;
  allowedReturnOrigins: string[];
  shipTo: ShippingAddress | null;
  systemName: string | null;
}

export interface NewSession {
  company: PunchoutCompany;
  protocol: PunchoutProtocol;
  operation: PunchoutOperation;
  buyerCookie: string | null;
  returnUrl: string;
  returnTarget: string | null;
  header: SessionHeader | null;
  userEmail: string | null;
  items: { sku: string; quantity: string }[];
}

/** A started punchout session, as the return and the bar read it. */
export interface StartedSession {
  id: string;
  companyId: string;
  protocol: PunchoutProtocol;
  operation: PunchoutOperation;
  buyerCookie: string | null;
  returnUrl: string;
  returnTarget: string | null;
  header: SessionHeader | null;
  items: { sku: string; quantity: string }[];
  endsAt: string;
  returned: boolean;
}

export interface LoggedDocument {
  direction: 'in' | 'out';
  protocol: PunchoutProtocol;
  type: PunchoutDocumentType;
  companyId?: string | null | undefined;
  payloadId?: string | null | undefined;
  statusCode?: number | null | undefined;
  message?: string | null | undefined;
  orderId?: string | null | undefined;
  body: string | null;
}

/** Secrets never reach the log: cXML's `SharedSecret`, OCI's `PASSWORD` (any case). */
export function redactDocument(body: string): string {
  return body.replace(/(<SharedSecret\b[^>]*>)[\s\S]*?(<\/SharedSecret\s*>)/gi, '$1[redacted]$2').replace(/((?:^|[?&\n])password=)[^&\n]*/gi, '$1[redacted]');
}

function toConfig(row: PunchoutConfigRow, memberEmail: string, publicUrl: string): PunchoutConfig {
  const credential = (domain: string | null, identity: string | null) => (domain !== null && identity !== null ? { domain, identity } : null);
  return {
    companyId: row.company_id,
    protocol: row.protocol === 'oci' ? 'oci' : 'cxml',
    fromIdentity: credential(row.from_domain, row.from_identity),
    senderIdentity: credential(row.sender_domain, row.sender_identity),
    hasSharedSecret: row.shared_secret_hash !== null,
    ociUsername: row.oci_username,
    hasOciPassword: row.oci_password_hash !== null,
    allowedReturnOrigins: JSON.parse(row.allowed_return_origins) as string[],
    memberEmail,
    shipTo: row.ship_to ? (JSON.parse(row.ship_to) as ShippingAddress) : null,
    systemName: row.system_name,
    updatedAt: row.updated_at,
    urls: { cxmlSetup: `${publicUrl}/punchout/cxml/setup`, cxmlOrder: `${publicUrl}/punchout/cxml/order`, oci: `${publicUrl}/punchout/oci` },
  };
}

function toCompany(row: PunchoutConfigRow): PunchoutCompany {
  return {
    companyId: row.company_id,
    fromIdentity: row.from_domain !== null && row.from_identity !== null ? { domain: row.from_domain, identity: row.from_identity } : null,
    protocol: row.protocol === 'oci' ? 'oci' : 'cxml',
    memberUserId: row.member_user_id,
    allowedReturnOrigins: JSON.parse(row.allowed_return_origins) as string[],
    shipTo: row.ship_to ? (JSON.parse(row.ship_to) as ShippingAddress) : null,
    systemName: row.system_name,
  };
}

function toStarted(row: PunchoutSessionRow): StartedSession {
  return {
    id: row.id,
    companyId: row.company_id,
    protocol: row.protocol === 'oci' ? 'oci' : 'cxml',
    operation: row.operation === 'edit' || row.operation === 'inspect' ? row.operation : 'create',
    buyerCookie: row.buyer_cookie,
    returnUrl: row.return_url,
    returnTarget: row.return_target,
    header: row.header ? (JSON.parse(row.header) as SessionHeader) : null,
    items: row.items ? (JSON.parse(row.items) as { sku: string; quantity: string }[]) : [],
    endsAt: row.ends_at ?? row.expires_at,
    returned: row.returned_at !== null,
  };
}

/**
 * Punchout (issue 32, ADR 0031): a company's setup (shop admins), who a document comes from, the
 * sessions from setup to returned cart, the document log, and a buyer's order ids. The use cases
 * that span modules (starting a session, returning a cart, placing an order) are flows
 * (src/flows/punchout-*.ts); this module owns only its tables.
 */
export function createPunchoutService({ repo, companies, users, publicUrl, rateLimiter, now = () => new Date() }: PunchoutDeps) {
  const baseUrl = publicUrl.replace(/\/$/, '');

  /** Checks credentials under the failure limit: refused (429) past it, a wrong one counted. */
  async function limited<T>(ip: string, who: string, check: () => Promise<T | null>): Promise<T | null> {
    const subjects = [{ name: 'punchout-fail', rule: PUNCHOUT_FAILURES, subject: `${ip}\n${who}` }];
    await rateLimiter?.assertAllowed(subjects);
    const found = await check();
    if (!found) await rateLimiter?.hit(subjects);
    return found;
  }

  async function memberEmailOf(row: PunchoutConfigRow): Promise<string> {
    const [member] = await users.usersByIds([row.member_user_id]);
    return member?.email ?? '';
  }

  return {
    /** `GET /api/companies/:id/punchout` (shop admins): the setup, without its secrets; 404 when there is none. */
    async getConfig(companyId: string, user: SessionUser): Promise<PunchoutConfig> {
      await companies.forShopAdmin(companyId, user);
      const row = await repo.findConfig(companyId);
      if (!row) throw notFound('Punchout setup');
      return toConfig(row, await memberEmailOf(row), baseUrl);
    },

    /**
     * `PUT /api/companies/:id/punchout`: replaces the setup. The member must be one of the
     * company's members and not a shop admin; the company needs payment terms (punchout orders are
     * placed on account); a secret left out keeps the stored one (required the first time).
     */
    async saveConfig(companyId: string, input: PunchoutConfigInput, user: SessionUser): Promise<PunchoutConfig> {
      const company = await companies.forShopAdmin(companyId, user);
      const fields: Record<string, string> = {};
      const member = await users.identityByEmail(input.memberEmail);
      const memberRow = member ? await users.sessionUserOf(member.id) : undefined;
      if (!member || !(await companies.isMember(companyId, member.id))) fields.memberEmail = PUNCHOUT_MESSAGES.memberNotInCompany;
      else if (memberRow?.role === 'admin') fields.memberEmail = PUNCHOUT_MESSAGES.memberIsShopAdmin;
      const existing = await repo.findConfig(companyId);
      const cxml = input.fromIdentity !== undefined;
      if (cxml && input.sharedSecret === undefined && !existing?.shared_secret_hash) fields.sharedSecret = PUNCHOUT_MESSAGES.secretRequired;
      if (input.ociUsername !== undefined && input.ociPassword === undefined && !existing?.oci_password_hash)
        fields.ociPassword = PUNCHOUT_MESSAGES.secretRequired;
      if (Object.keys(fields).length) throw new AppError('VALIDATION_FAILED', Object.values(fields)[0]!, fields);
      if (!company.hasPaymentTerms) throw new AppError('CONFLICT', PUNCHOUT_MESSAGES.noTerms, { paymentTerms: PUNCHOUT_MESSAGES.noTerms });

      const at = now().toISOString();
      const [sharedSecretHash, ociPasswordHash] = await Promise.all([
        !cxml ? null : input.sharedSecret !== undefined ? hashSecret(input.sharedSecret) : (existing?.shared_secret_hash ?? null),
        input.ociUsername === undefined ? null : input.ociPassword !== undefined ? hashSecret(input.ociPassword) : (existing?.oci_password_hash ?? null),
      ]);
      const row: PunchoutConfigRow = {
        company_id: companyId,
        protocol: input.protocol,
        from_domain: input.fromIdentity?.domain ?? null,
        from_identity: input.fromIdentity?.identity ?? null,
        from_key: input.fromIdentity ? credentialKey(input.fromIdentity) : null,
        sender_domain: input.senderIdentity?.domain ?? null,
        sender_identity: input.senderIdentity?.identity ?? null,
        shared_secret_hash: sharedSecretHash,
        oci_username: input.ociUsername ?? null,
        oci_username_key: input.ociUsername ? input.ociUsername.toLowerCase() : null,
        oci_password_hash: ociPasswordHash,
        allowed_return_origins: JSON.stringify(input.allowedReturnOrigins),
        member_user_id: member!.id,
        ship_to: input.shipTo ? JSON.stringify(input.shipTo) : null,
        system_name: input.systemName ?? null,
        created_at: existing?.created_at ?? at,
        updated_at: at,
        updated_by: user.id,
      };
      try {
        await repo.saveConfig(row);
      } catch (error) {
        if (!(error instanceof PunchoutIdentityTakenError)) throw error;
        const field = error.which === 'from' ? 'fromIdentity' : 'ociUsername';
        const message = error.which === 'from' ? 'Another company already uses this From identity' : 'Another company already uses this OCI user name';
        throw new AppError('CONFLICT', message, { [field]: message });
      }
      return toConfig(row, member!.email, baseUrl);
    },

    /** `DELETE /api/companies/:id/punchout`: punchout off for the company (its log and orders stay). */
    async deleteConfig(companyId: string, user: SessionUser): Promise<void> {
      await companies.forShopAdmin(companyId, user);
      if (!(await repo.deleteConfig(companyId))) throw notFound('Punchout setup');
    },

    /**
     * Who a cXML document comes from: the company whose From identity is one of the document's
     * `From` credentials, when its `Sender` credential is the setup's and carries the shared
     * secret. The secret is checked the same way whether or not a company was found. Null: 401.
     */
    async authenticateCxml(from: readonly PunchoutCredential[], sender: readonly (PunchoutCredential & { sharedSecret: string | null })[], ip: string) {
      return limited(ip, from.map(credentialKey).join('|'), async () => {
        const found = await repo.findConfigByFromKey(from.map(credentialKey));
        const config = found[0];
        const expected =
          config && config.sender_domain !== null && config.sender_identity !== null
            ? { domain: config.sender_domain, identity: config.sender_identity }
            : null;
        const presented = sender.find((s) => expected !== null && sameCredential(s, expected)) ?? sender[0];
        const ok = await verifySecret(
          presented?.sharedSecret ?? '',
          config && expected && presented && sameCredential(presented, expected) ? config.shared_secret_hash : null,
        );
        return ok && config ? toCompany(config) : null;
      });
    },

    /** Who an OCI request comes from: the company with this user name and password (the same work either way). Null: 401. */
    async authenticateOci(username: string, password: string, ip: string) {
      return limited(ip, `oci\n${username.trim().toLowerCase()}`, async () => {
        const config = username ? await repo.findConfigByOciUser(username.trim().toLowerCase()) : undefined;
        const ok = await verifySecret(password, config?.oci_password_hash ?? null);
        return ok && config ? toCompany(config) : null;
      });
    },

    /** The account punchout signs in as and orders as (null when it is gone, or no longer the company's). */
    async member(company: PunchoutCompany): Promise<SessionUser | null> {
      const [account, membership] = await Promise.all([users.sessionUserOf(company.memberUserId), companies.membershipOf(company.memberUserId)]);
      if (!account || membership?.companyId !== company.companyId || account.role === 'admin') return null;
      return account;
    },

    /** A new session and its one-time start link's token (valid PUNCHOUT_START_TTL_SECONDS). */
    async newSession(s: NewSession): Promise<{ id: string; token: string; startUrl: string }> {
      const at = now();
      const { token, hash } = newStartToken();
      const id = newId();
      await repo.insertSession({
        id,
        token_hash: hash,
        company_id: s.company.companyId,
        protocol: s.protocol,
        operation: s.operation,
        buyer_cookie: s.buyerCookie,
        return_url: s.returnUrl,
        return_target: s.returnTarget,
        header: s.header ? JSON.stringify(s.header) : null,
        user_email: s.userEmail,
        items: s.items.length ? JSON.stringify(s.items) : null,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + PUNCHOUT_START_TTL_SECONDS * 1000).toISOString(),
        started_at: null,
        ends_at: null,
        returned_at: null,
      });
      return { id, token, startUrl: `${baseUrl}/punchout/start/${token}` };
    },

    /**
     * Uses a start link once: the session, or why not (`unknown`: no such link; `used`: opened
     * already; `expired`: past its 15 minutes).
     */
    async start(token: string, endsAt: Date): Promise<{ session: StartedSession } | { refused: 'unknown' | 'used' | 'expired' }> {
      const hash = hashToken(token);
      const row = await repo.startSession(hash, now().toISOString(), endsAt.toISOString());
      if (row) return { session: toStarted(row) };
      const seen = await repo.findSessionByTokenHash(hash);
      return { refused: !seen ? 'unknown' : seen.started_at !== null ? 'used' : 'expired' };
    },

    async session(id: string): Promise<StartedSession | null> {
      const row = await repo.findSession(id);
      return row && row.started_at !== null ? toStarted(row) : null;
    },

    /** `GET /api/punchout/session`: the bar's words for the caller's own punchout session (404 for any other session). */
    async sessionInfo(user: SessionUser): Promise<PunchoutSession> {
      const row = user.punchout ? await repo.findSession(user.punchout.sessionId) : undefined;
      if (!row || row.returned_at !== null) throw notFound('Punchout session');
      const [config, names] = await Promise.all([repo.findConfig(row.company_id), companies.namesOf([row.company_id])]);
      const header = row.header ? (JSON.parse(row.header) as SessionHeader) : null;
      const started = toStarted(row);
      return {
        protocol: started.protocol,
        operation: started.operation,
        systemName: config?.system_name ?? header?.userAgent ?? 'your procurement system',
        companyName: names.get(row.company_id) ?? '',
        returnOrigin: new URL(row.return_url).origin,
      };
    },

    /** The company's setup as the flows use it, or null when punchout is off for it. */
    async companyOf(companyId: string): Promise<PunchoutCompany | null> {
      const row = await repo.findConfig(companyId);
      return row ? toCompany(row) : null;
    },

    /** In the return's unit: marks the cart returned, once; false when it already was. */
    markReturnedIn: (trx: Transaction<DB>, id: string) => repo.markReturnedIn(trx, id, nowIso()),

    /** Writes one document to the log (secrets redacted); with `trx`, in the caller's unit. */
    async log(d: LoggedDocument, trx?: Transaction<DB>): Promise<string> {
      const id = newId();
      await repo.insertDocument(
        {
          id,
          direction: d.direction,
          protocol: d.protocol,
          type: d.type,
          company_id: d.companyId ?? null,
          payload_id: d.payloadId ? d.payloadId.slice(0, 500) : null,
          status_code: d.statusCode ?? null,
          message: d.message ? d.message.slice(0, 2000) : null,
          order_id: d.orderId ?? null,
          created_at: nowIso(),
          body: d.body === null ? null : redactDocument(d.body),
        },
        trx,
      );
      return id;
    },

    /** `GET /api/punchout/documents` (shop admins): newest first, with each company's name. */
    async documents(query: PunchoutDocumentListQuery, user: SessionUser): Promise<{ items: PunchoutDocument[]; total: number }> {
      if (user.role !== 'admin') throw forbidden('Only admins can read the punchout log');
      const filter = { companyId: query.companyId, direction: query.direction, failed: query.failed === 'true' };
      const [rows, total] = await Promise.all([repo.listDocuments(filter, pageOffset(query.page, query.limit), query.limit), repo.countDocuments(filter)]);
      const names = await companies.namesOf(rows.flatMap((r) => (r.company_id ? [r.company_id] : [])));
      const items = rows.map((r) => toDocument(r, names, Number(r.has_body) === 1 || r.has_body === true));
      return { items, total };
    },

    async document(id: string, user: SessionUser): Promise<PunchoutDocumentDetail> {
      if (user.role !== 'admin') throw forbidden('Only admins can read the punchout log');
      const row = await repo.findDocument(id);
      if (!row) throw notFound('Punchout document');
      const names = await companies.namesOf(row.company_id ? [row.company_id] : []);
      return { ...toDocument(row, names, row.body !== null), body: row.body };
    },

    /** The background round: documents' texts past 90 days emptied, ended sessions' rows deleted. Answers the ended sessions (their carts are the caller's to clear). */
    async sweep(limit = 200): Promise<{ purged: number; endedSessions: string[] }> {
      const at = now();
      const purged = await repo.purgeBodies(new Date(at.getTime() - PUNCHOUT_DOCUMENT_BODY_DAYS * 86_400_000).toISOString());
      const endedSessions = await repo.endedSessions(at.toISOString(), limit);
      return { purged, endedSessions };
    },
    deleteSessions: (ids: readonly string[]) => repo.deleteSessions(ids),

    /** The order a buyer's `orderID` already made for the company, if any. */
    orderFor: (companyId: string, buyerOrderId: string) => repo.findOrder(companyId, buyerOrderId),
    claimOrderIn: repo.claimOrderIn,
  };
}

function toDocument(row: Omit<PunchoutDocumentRow, 'body'>, names: ReadonlyMap<string, string>, hasBody: boolean): PunchoutDocument {
  return {
    id: row.id,
    direction: row.direction === 'out' ? 'out' : 'in',
    protocol: row.protocol === 'oci' ? 'oci' : 'cxml',
    type: row.type as PunchoutDocumentType,
    companyId: row.company_id,
    companyName: row.company_id ? (names.get(row.company_id) ?? null) : null,
    payloadId: row.payload_id,
    statusCode: row.status_code === null ? null : Number(row.status_code),
    message: row.message,
    orderId: row.order_id,
    createdAt: row.created_at,
    hasBody,
  };
}

export type PunchoutService = ReturnType<typeof createPunchoutService>;
