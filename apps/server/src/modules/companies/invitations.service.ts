import { createHash, randomBytes } from 'node:crypto';
import {
  COMPANY_MESSAGES,
  INVITATION_TTL_DAYS,
  type Company,
  type CompanyRole,
  type Invitation,
  type InvitationPreview,
  type InvitationStatus,
} from '@bulkparts/shared';
import type { Units } from '../../db/unit-of-work.js';
import { AppError, forbidden, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { SessionUser } from '../../lib/session-user.js';
import type { UsersService } from '../users/users.service.js';
import type { CompaniesRepository, CompanyRow } from './companies.repository.js';
import type { CompanyAccessRules } from './company-access.js';
import type { InvitationRow, InvitationsRepository } from './company-invitations.repository.js';
import { invitationStatus, roleOf, toInvitation } from './company-view.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The stored form of a token: its sha-256 (a leaked table opens no invitation). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The 409 message for an invitation that cannot be accepted any more. */
const CLOSED: Record<Exclude<InvitationStatus, 'open'>, string> = {
  accepted: COMPANY_MESSAGES.invitationUsed,
  expired: COMPANY_MESSAGES.invitationExpired,
  revoked: COMPANY_MESSAGES.invitationRevoked,
};

export interface InvitationsDeps {
  repos: { companies: CompaniesRepository; invitations: InvitationsRepository };
  users: Pick<UsersService, 'identityByEmail'>;
  /** An invitation is a unit of work that records `invitation.created` (its mail, company-mail.ts). */
  units: Units;
  now?: () => Date;
  access: CompanyAccessRules;
  /** The company as answered to someone in `role` (accepting answers the company joined). */
  companyJson: (row: CompanyRow, role: CompanyRole | null) => Promise<Company>;
}

/**
 * Invitations (issue 18): a company admin (or a shop admin) invites an email address in a role;
 * the mail carries a random 32-byte token (base64url) of which only the sha-256 is stored. The
 * token's page previews it to anyone holding the link; accepting needs the session's email to be
 * the invited one, works once (a conditional update) and makes the user a member, unless they
 * already belong to a company (the membership's primary key, whatever races with it).
 */
export function createInvitationsService({ repos, users, units, now = () => new Date(), access, companyJson }: InvitationsDeps) {
  const repo = repos.invitations;

  async function byToken(token: string) {
    const row = await repo.findByTokenHash(tokenHash(token));
    if (!row) throw notFound('Invitation');
    return row;
  }

  return {
    /** `GET /api/companies/:id/invitations`: newest first, with their status now. */
    async invitations(id: string, user: SessionUser): Promise<Invitation[]> {
      await access.managed(id, user);
      const at = now();
      return (await repo.list(id)).map((r) => toInvitation(r, at));
    },

    /** `POST /api/companies/:id/invitations`: mails the link; 409 while the address has an open invitation or is a member already. */
    async invite(id: string, input: { email: string; role: CompanyRole }, user: SessionUser): Promise<Invitation> {
      const { company } = await access.managed(id, user);
      const email = input.email.trim().toLowerCase();
      const existing = await users.identityByEmail(email);
      if (existing && (await repos.companies.findMember(id, existing.id))) throw new AppError('CONFLICT', 'This person is already a member of the company');

      const at = now();
      const token = randomBytes(32).toString('base64url');
      const row: InvitationRow = {
        id: newId(),
        company_id: id,
        email,
        role: input.role,
        token_hash: tokenHash(token),
        invited_by: user.id,
        created_at: at.toISOString(),
        expires_at: new Date(at.getTime() + INVITATION_TTL_DAYS * DAY_MS).toISOString(),
        accepted_at: null,
        accepted_by: null,
        revoked_at: null,
      };
      const outcome = await units.run(async (uow) => {
        const created = await repo.createIn(uow, row);
        if (created === 'created') {
          // Issue 33: the mail names the company and who invites (company-mail.ts says when it does not).
          await uow.record('invitation.created', {
            to: email,
            role: input.role,
            expiresAt: row.expires_at,
            token,
            companyName: company.name,
            invitedBy: user.name,
          });
        }
        return created;
      });
      if (outcome === 'not-found') throw notFound('Company');
      if (outcome === 'already-invited') throw new AppError('CONFLICT', COMPANY_MESSAGES.alreadyInvited);
      return toInvitation(row, at);
    },

    /** `DELETE /api/companies/:id/invitations/:invitationId`: answers it revoked; an accepted one cannot be (409). */
    async revoke(id: string, invitationId: string, user: SessionUser): Promise<Invitation> {
      await access.managed(id, user);
      const found = await repo.find(id, invitationId);
      if (!found) throw notFound('Invitation');
      if (!(await repo.revoke(id, invitationId, now().toISOString()))) {
        const fresh = await repo.find(id, invitationId);
        if (fresh?.accepted_at) throw new AppError('CONFLICT', COMPANY_MESSAGES.invitationUsed);
      }
      // Revoking twice answers the same revoked invitation.
      return toInvitation((await repo.find(id, invitationId)) ?? found, now());
    },

    /** `GET /api/invitations/:token` (public): what the invitation page shows. */
    async preview(token: string): Promise<InvitationPreview> {
      const row = await byToken(token);
      return { companyName: row.company_name, email: row.email, role: roleOf(row.role), status: invitationStatus(row, now()), expiresAt: row.expires_at };
    },

    /**
     * `POST /api/invitations/:token/accept`: signed in with the invited email (403 otherwise); a
     * used, expired or revoked invitation is a 409 saying which; so is already being in a company.
     */
    async accept(token: string, user: SessionUser): Promise<Company> {
      const row = await byToken(token);
      if (!sameEmail(row.email, user.email)) throw forbidden(COMPANY_MESSAGES.invitationOtherEmail);
      const at = now();
      const status = invitationStatus(row, at);
      if (status !== 'open') throw new AppError('CONFLICT', CLOSED[status]);
      if (await repos.companies.findMembership(user.id)) throw new AppError('CONFLICT', COMPANY_MESSAGES.alreadyMember);

      const role = roleOf(row.role);
      const iso = at.toISOString();
      const outcome = await repo.accept(row.id, { user_id: user.id, company_id: row.company_id, role, spending_limit_cents: null, created_at: iso }, iso);
      if (outcome === 'already-member') throw new AppError('CONFLICT', COMPANY_MESSAGES.alreadyMember);
      if (outcome === 'gone') {
        const fresh = await repo.findByTokenHash(row.token_hash);
        // It closed between the read and the write: say how (open again can only mean it expired at that instant).
        const closed = fresh ? invitationStatus(fresh, now()) : 'revoked';
        throw new AppError('CONFLICT', CLOSED[closed === 'open' ? 'expired' : closed]);
      }
      const company = await repos.companies.findById(row.company_id);
      if (!company) throw notFound('Company');
      return companyJson(company, role);
    },
  };
}
