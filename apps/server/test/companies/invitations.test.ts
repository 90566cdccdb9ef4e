import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, INVITATION_TTL_DAYS, type ApiError, type Company, type Invitation, type InvitationPreview } from '@bulkparts/shared';
import { linkIn, waitForMail } from '../auth/mail-helpers.js';
import { signUp, signUpAdmin, uniqueEmail, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { companyClient, companyWithAdmin, invite, memberOf } from './company-helpers.js';

let t: TestApp;
let shopAdmin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

const expire = (id: string) =>
  t.database.db
    .updateTable('company_invitations')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', id)
    .execute();

describe(`company invitations (${engine})`, () => {
  it('leaves out of the mail a company or inviter name that reads as a link, an address or a phone number (ADR 0030)', async () => {
    const { admin, company } = await companyWithAdmin(t, 'Prizes at win-big.example.com');
    const renamed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: admin.cookie },
      payload: { name: 'Call +1 777 0199 now' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const invitee = uniqueEmail('lured');
    const before = t.mail.length;
    expect((await companyClient(t.app, admin).invite(company.id, { email: invitee, role: 'buyer' })).statusCode).toBe(201);
    const mail = await waitForMail(t, invitee, 'invited', before);
    expect(mail.text).toContain('You are invited to buy for a company on bulkparts as a buyer.');
    // Issue 30: the mail's seller footer carries the shop's own phone (+1 555 0100), so the lure is another number.
    for (const lure of ['win-big', '777 0199']) {
      expect(mail.text).not.toContain(lure);
      expect(mail.html).not.toContain(lure);
    }
  });

  it('mails a one-time link; the page previews it; the invited address accepts it once', async () => {
    const { admin, company } = await companyWithAdmin(t, 'Invite Works Ltd');
    const invitee = await signUp(t.app, { name: 'Ivy Invitee' });
    const before = t.mail.length;
    const res = await companyClient(t.app, admin).invite(company.id, { email: invitee.email.toUpperCase(), role: 'approver' });
    expect(res.statusCode).toBe(201);
    const invitation = res.json() as Invitation;
    expect(invitation).toMatchObject({ email: invitee.email, role: 'approver', status: 'open' });
    expect(Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)).toBe(INVITATION_TTL_DAYS * 86_400_000);

    const mail = await waitForMail(t, invitee.email, 'invited', before);
    const link = linkIn(mail);
    expect(`${link.origin}${link.pathname.replace(/[^/]+$/, '')}`).toBe(`${t.config.publicUrl}/invitations/`);
    const token = link.pathname.split('/').pop()!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(mail.html).toContain(`/invitations/${token}`);
    // Issue 33: the mail names who invites and for which company.
    expect(mail.text).toContain('Company Admin invites you to buy for Invite Works Ltd on bulkparts as an approver.');
    expect(mail.html).toContain('Invite Works Ltd');
    // Only the token's sha-256 is stored.
    const stored = await t.database.db.selectFrom('company_invitations').select('token_hash').where('id', '=', invitation.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(await t.database.db.selectFrom('company_invitations').selectAll().execute())).not.toContain(token);

    // Anyone holding the link sees what it is; nothing is cached on the way.
    const preview = await companyClient(t.app, null).preview(token);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['cache-control']).toBe('private, no-store');
    expect(preview.json()).toEqual({
      companyName: 'Invite Works Ltd',
      email: invitee.email,
      role: 'approver',
      status: 'open',
      expiresAt: invitation.expiresAt,
    } satisfies InvitationPreview);
    expect((await companyClient(t.app, null).preview('x'.repeat(43))).statusCode).toBe(404);
    expect((await companyClient(t.app, null).preview('x'.repeat(201))).statusCode).toBe(400);

    // Accepting needs a session with the invited email.
    expect((await companyClient(t.app, null).accept(token)).statusCode).toBe(401);
    const stranger = await signUp(t.app);
    const wrong = await companyClient(t.app, stranger).accept(token);
    expect(wrong.statusCode).toBe(403);
    expect((wrong.json() as ApiError).message).toBe(COMPANY_MESSAGES.invitationOtherEmail);

    const accepted = await companyClient(t.app, invitee).accept(token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: company.id, name: 'Invite Works Ltd', myRole: 'approver', memberCount: 2 } satisfies Partial<Company>);
    expect(((await companyClient(t.app, invitee).mine()).json() as Company).id).toBe(company.id);

    const twice = await companyClient(t.app, invitee).accept(token);
    expect(twice.statusCode).toBe(409);
    expect((twice.json() as ApiError).message).toBe(COMPANY_MESSAGES.invitationUsed);
    expect(((await companyClient(t.app, null).preview(token)).json() as InvitationPreview).status).toBe('accepted');
    const list = (await companyClient(t.app, admin).invitations(company.id)).json() as Invitation[];
    expect(list.find((i) => i.id === invitation.id)?.status).toBe('accepted');
  });

  it('refuses expired and revoked invitations with their own message', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const c = companyClient(t.app, admin);

    const late = await signUp(t.app);
    const expired = await invite(t, admin, company.id, late.email);
    await expire(expired.invitation.id);
    expect(((await companyClient(t.app, null).preview(expired.token)).json() as InvitationPreview).status).toBe('expired');
    const tooLate = await companyClient(t.app, late).accept(expired.token);
    expect(tooLate.statusCode).toBe(409);
    expect((tooLate.json() as ApiError).message).toBe(COMPANY_MESSAGES.invitationExpired);
    // An expired invitation no longer blocks a new one.
    const fresh = await invite(t, admin, company.id, late.email);
    expect((await companyClient(t.app, late).accept(fresh.token)).statusCode).toBe(200);

    const changedMind = await signUp(t.app);
    const revoked = await invite(t, admin, company.id, changedMind.email, 'approver');
    const res = await c.revoke(company.id, revoked.invitation.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: revoked.invitation.id, status: 'revoked' });
    expect(((await c.revoke(company.id, revoked.invitation.id)).json() as Invitation).status).toBe('revoked');
    const refused = await companyClient(t.app, changedMind).accept(revoked.token);
    expect(refused.statusCode).toBe(409);
    expect((refused.json() as ApiError).message).toBe(COMPANY_MESSAGES.invitationRevoked);

    // An accepted invitation cannot be revoked; an unknown one is not found.
    const usedRevoke = await c.revoke(company.id, fresh.invitation.id);
    expect(usedRevoke.statusCode).toBe(409);
    expect((usedRevoke.json() as ApiError).message).toBe(COMPANY_MESSAGES.invitationUsed);
    expect((await c.revoke(company.id, '000000000000000000000000')).statusCode).toBe(404);

    const statuses = ((await c.invitations(company.id)).json() as Invitation[]).map((i) => i.status);
    expect(statuses).toEqual(['revoked', 'accepted', 'expired']);
  });

  it('keeps one open invitation per address, and none for members', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const c = companyClient(t.app, admin);
    const email = uniqueEmail('invitee');
    expect((await c.invite(company.id, { email, role: 'buyer' })).statusCode).toBe(201);
    const again = await c.invite(company.id, { email: email.toUpperCase(), role: 'admin' });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ApiError).message).toBe(COMPANY_MESSAGES.alreadyInvited);
    // Two at once: still one.
    const other = uniqueEmail('twice');
    const both = await Promise.all([c.invite(company.id, { email: other, role: 'buyer' }), c.invite(company.id, { email: other, role: 'buyer' })]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);

    const member = await memberOf(t, admin, company.id);
    expect((await c.invite(company.id, { email: member.email, role: 'approver' })).statusCode).toBe(409);
    expect((await c.invite(company.id, { email: admin.email, role: 'approver' })).statusCode).toBe(409);

    const bad = await c.invite(company.id, { email: 'not-an-email', role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ApiError).fields ?? {}).sort()).toEqual(['email', 'role']);
  });

  it('lets only company admins and shop admins invite, list and revoke', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const approver = await memberOf(t, admin, company.id, 'approver');
    const outsider = (await companyWithAdmin(t, 'Outsider Co')).admin;
    const { invitation } = await invite(t, admin, company.id, uniqueEmail('listed'));

    for (const member of [buyer, approver]) {
      const c = companyClient(t.app, member);
      expect((await c.invitations(company.id)).statusCode).toBe(403);
      expect((await c.invite(company.id, { email: uniqueEmail(), role: 'buyer' })).statusCode).toBe(403);
      expect((await c.revoke(company.id, invitation.id)).statusCode).toBe(403);
    }
    const o = companyClient(t.app, outsider);
    expect((await o.invitations(company.id)).statusCode).toBe(404);
    expect((await o.invite(company.id, { email: uniqueEmail(), role: 'buyer' })).statusCode).toBe(404);
    expect((await o.revoke(company.id, invitation.id)).statusCode).toBe(404);
    // Their own company's id does not reach another company's invitation either.
    expect((await o.revoke((await o.mine()).json<Company>().id, invitation.id)).statusCode).toBe(404);

    const shop = companyClient(t.app, shopAdmin);
    expect(((await shop.invitations(company.id)).json() as Invitation[]).map((i) => i.status)).toEqual(['open', 'accepted', 'accepted']);
    const byShop = await invite(t, shopAdmin, company.id, uniqueEmail('by-shop'), 'admin');
    expect(byShop.invitation.role).toBe('admin');
    expect((await shop.revoke(company.id, byShop.invitation.id)).statusCode).toBe(200);
    expect((await companyClient(t.app, null).invite(company.id, { email: uniqueEmail(), role: 'buyer' })).statusCode).toBe(401);
  });

  it('refuses a user who already belongs to a company, also when two invitations are accepted at once', async () => {
    const a = await companyWithAdmin(t, 'Company A');
    const b = await companyWithAdmin(t, 'Company B');
    const taken = await memberOf(t, a.admin, a.company.id);
    const { token } = await invite(t, b.admin, b.company.id, taken.email);
    const res = await companyClient(t.app, taken).accept(token);
    expect(res.statusCode).toBe(409);
    expect((res.json() as ApiError).message).toBe(COMPANY_MESSAGES.alreadyMember);
    // The invitation stays open (they may leave their company and come back to it).
    expect(((await companyClient(t.app, null).preview(token)).json() as InvitationPreview).status).toBe('open');

    const wanted = await signUp(t.app);
    const fromA = await invite(t, a.admin, a.company.id, wanted.email);
    const fromB = await invite(t, b.admin, b.company.id, wanted.email);
    const both = await Promise.all([companyClient(t.app, wanted).accept(fromA.token), companyClient(t.app, wanted).accept(fromB.token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const lost = both.find((r) => r.statusCode === 409)!;
    expect((lost.json() as ApiError).message).toBe(COMPANY_MESSAGES.alreadyMember);
    const rows = await t.database.db.selectFrom('company_members').select('company_id').where('user_id', '=', wanted.id).execute();
    expect(rows).toHaveLength(1);
    // The invitation that lost is still open.
    const losing = rows[0]!.company_id === a.company.id ? fromB : fromA;
    expect(((await companyClient(t.app, null).preview(losing.token)).json() as InvitationPreview).status).toBe('open');
  });

  it('accepts one token once when it is sent twice at once', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const invitee = await signUp(t.app);
    const { token } = await invite(t, admin, company.id, invitee.email);
    const both = await Promise.all([companyClient(t.app, invitee).accept(token), companyClient(t.app, invitee).accept(token)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
