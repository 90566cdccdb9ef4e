import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_MESSAGES, TOTAL_COUNT_HEADER, type ApiError, type Company, type CompanyAddress, type Member } from '@bulkparts/shared';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import { createTestApp, engine, type TestApp } from '../helpers/test-app.js';
import { billingAddress, companyClient, companyWithAdmin, memberOf } from './company-helpers.js';

let t: TestApp;
let shopAdmin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  shopAdmin = await signUpAdmin(t.app);
});
afterAll(async () => t?.close());

describe(`companies: create, read, update (${engine})`, () => {
  it('creates a company whose creator is its company admin; a second one is a 409', async () => {
    const user = await signUp(t.app);
    const c = companyClient(t.app, user);
    expect((await c.mine()).statusCode).toBe(404);

    const res = await c.create({ name: '  Acme Fasteners Ltd ', taxId: 'GB123', billingAddress });
    expect(res.statusCode).toBe(201);
    const company = res.json() as Company;
    expect(company).toMatchObject({
      name: 'Acme Fasteners Ltd',
      taxId: 'GB123',
      billingAddress,
      paymentTerms: null,
      creditLimit: null,
      creditUsed: 0,
      discountPercent: null,
      myRole: 'admin',
      memberCount: 1,
    });

    const mine = await c.mine();
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(company);

    const again = await c.create({ name: 'Second Co', billingAddress });
    expect(again.statusCode).toBe(409);
    expect((again.json() as ApiError).message).toBe(COMPANY_MESSAGES.alreadyMember);
    const members = (await c.members(company.id)).json() as Member[];
    expect(members).toEqual([{ userId: user.id, email: user.email, name: user.name, role: 'admin', spendingLimit: null }]);
  });

  it('refuses bad input with a 400 naming the field, and anonymous callers with 401', async () => {
    const c = companyClient(t.app, await signUp(t.app));
    const bad = await c.create({ name: '', billingAddress: { ...billingAddress, city: '' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ApiError).fields).toHaveProperty('name');
    expect((bad.json() as ApiError).fields).toHaveProperty(['billingAddress.city']);
    expect((await companyClient(t.app, null).create({ name: 'X', billingAddress })).statusCode).toBe(401);
    expect((await companyClient(t.app, null).mine()).statusCode).toBe(401);
  });

  it('shows a company to its members and shop admins only; anyone else gets 404', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const other = await companyWithAdmin(t, 'Other Co');
    const loner = await signUp(t.app);

    const asBuyer = await companyClient(t.app, buyer).get(company.id);
    expect(asBuyer.statusCode).toBe(200);
    expect(asBuyer.json()).toMatchObject({ id: company.id, myRole: 'buyer', memberCount: 2 });
    const asShop = await companyClient(t.app, shopAdmin).get(company.id);
    expect(asShop.json()).toMatchObject({ id: company.id, myRole: null });
    for (const outsider of [other.admin, loner]) {
      const c = companyClient(t.app, outsider);
      expect((await c.get(company.id)).statusCode).toBe(404);
      expect((await c.members(company.id)).statusCode).toBe(404);
      expect((await c.update(company.id, { name: 'Mine now' })).statusCode).toBe(404);
      expect((await c.addresses(company.id)).statusCode).toBe(404);
      expect((await c.prices(company.id)).statusCode).toBe(404);
      expect((await c.invitations(company.id)).statusCode).toBe(404);
      expect((await c.updateMember(company.id, buyer.id, { spendingLimit: 5 })).statusCode).toBe(404);
      expect((await c.removeMember(company.id, buyer.id)).statusCode).toBe(404);
    }
    expect((await companyClient(t.app, shopAdmin).get('000000000000000000000000')).statusCode).toBe(404);
  });

  it('lists companies for shop admins only, by name, with X-Total-Count and a name search', async () => {
    await companyWithAdmin(t, 'Zeta Searchable Widgets');
    const res = await companyClient(t.app, shopAdmin).list('?q=searchable&limit=5');
    expect(res.statusCode).toBe(200);
    expect(res.headers[TOTAL_COUNT_HEADER]).toBe('1');
    expect((res.json() as Company[]).map((c) => c.name)).toEqual(['Zeta Searchable Widgets']);
    const all = await companyClient(t.app, shopAdmin).list('?limit=100');
    expect(Number(all.headers[TOTAL_COUNT_HEADER])).toBe((all.json() as Company[]).length);
    expect((all.json() as Company[]).every((c) => c.myRole === null && c.memberCount >= 1)).toBe(true);

    const { admin } = await companyWithAdmin(t);
    expect((await companyClient(t.app, admin).list()).statusCode).toBe(403);
    expect((await companyClient(t.app, null).list()).statusCode).toBe(401);
    expect((await companyClient(t.app, shopAdmin).list('?limit=0')).statusCode).toBe(400);
  });

  it('lets a company admin change name, tax id and address, and only a shop admin terms, credit and discount', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const approver = await memberOf(t, admin, company.id, 'approver');
    const c = companyClient(t.app, admin);

    const renamed = await c.update(company.id, { name: 'Acme Group', taxId: null, billingAddress: { ...billingAddress, city: 'York' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Acme Group', taxId: null, billingAddress: { city: 'York' }, myRole: 'admin' });

    const terms = await c.update(company.id, { name: 'Sneaky', paymentTerms: 'net30', creditLimit: 5000, discountPercent: 10 });
    expect(terms.statusCode).toBe(403);
    const body = terms.json() as ApiError;
    expect(body.message).toBe(COMPANY_MESSAGES.shopAdminOnly);
    expect(Object.keys(body.fields ?? {}).sort()).toEqual(['creditLimit', 'discountPercent', 'paymentTerms']);
    // Nothing was written.
    expect(((await c.get(company.id)).json() as Company).name).toBe('Acme Group');

    const byApprover = companyClient(t.app, approver);
    expect((await byApprover.update(company.id, { name: 'Approved Co' })).statusCode).toBe(403);
    const approverTerms = await byApprover.update(company.id, { creditLimit: 1 });
    expect(approverTerms.statusCode).toBe(403);
    expect((approverTerms.json() as ApiError).fields).toHaveProperty('creditLimit');

    const byShop = await companyClient(t.app, shopAdmin).update(company.id, { paymentTerms: 'net60', creditLimit: 12_500.5, discountPercent: 15 });
    expect(byShop.statusCode).toBe(200);
    expect(byShop.json()).toMatchObject({ paymentTerms: 'net60', creditLimit: 12_500.5, discountPercent: 15, creditUsed: 0, myRole: null });
    const cleared = await companyClient(t.app, shopAdmin).update(company.id, { paymentTerms: null, creditLimit: null, discountPercent: null });
    expect(cleared.json()).toMatchObject({ paymentTerms: null, creditLimit: null, discountPercent: null });

    for (const bad of [
      { paymentTerms: 'net90' },
      { creditLimit: -1 },
      { creditLimit: 1.234 },
      { discountPercent: 95 },
      { discountPercent: 2.5 },
      { name: '' },
    ]) {
      const res = await companyClient(t.app, shopAdmin).update(company.id, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(Object.keys((res.json() as ApiError).fields ?? {})).toEqual(Object.keys(bad));
    }
  });
});

describe(`companies: members (${engine})`, () => {
  it('lists members for every member and sets roles and spending limits as a company admin', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer', 'Bea Buyer');
    const approver = await memberOf(t, admin, company.id, 'approver', 'Art Approver');

    const list = await companyClient(t.app, buyer).members(company.id);
    expect(list.statusCode).toBe(200);
    expect((list.json() as Member[]).map((m) => [m.name, m.role])).toEqual([
      ['Company Admin', 'admin'],
      ['Bea Buyer', 'buyer'],
      ['Art Approver', 'approver'],
    ]);

    const c = companyClient(t.app, admin);
    const limited = await c.updateMember(company.id, buyer.id, { spendingLimit: 100 });
    expect(limited.statusCode).toBe(200);
    expect(limited.json()).toEqual({ userId: buyer.id, email: buyer.email, name: 'Bea Buyer', role: 'buyer', spendingLimit: 100 });
    const promoted = await c.updateMember(company.id, approver.id, { role: 'admin', spendingLimit: null });
    expect(promoted.json()).toMatchObject({ role: 'admin', spendingLimit: null });
    // Shop admins manage members too.
    const byShop = await companyClient(t.app, shopAdmin).updateMember(company.id, buyer.id, { spendingLimit: 250.5 });
    expect(byShop.json()).toMatchObject({ spendingLimit: 250.5 });

    // Buyers and approvers do not manage members.
    expect((await companyClient(t.app, buyer).updateMember(company.id, buyer.id, { spendingLimit: null })).statusCode).toBe(403);
    expect((await companyClient(t.app, buyer).removeMember(company.id, admin.id)).statusCode).toBe(403);

    const bad = await c.updateMember(company.id, buyer.id, { role: 'owner', spendingLimit: 0 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ApiError).fields ?? {}).sort()).toEqual(['role', 'spendingLimit']);
    expect((await c.updateMember(company.id, 'no-such-user', { spendingLimit: 5 })).statusCode).toBe(404);
  });

  it('never changes your own role and never demotes or removes the last company admin', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const approver = await memberOf(t, admin, company.id, 'approver');
    const c = companyClient(t.app, admin);

    const own = await c.updateMember(company.id, admin.id, { role: 'buyer' });
    expect(own.statusCode).toBe(409);
    expect((own.json() as ApiError).message).toBe(COMPANY_MESSAGES.ownRole);
    // Your own limit, or your role unchanged, is no role change.
    expect((await c.updateMember(company.id, admin.id, { role: 'admin', spendingLimit: 50 })).statusCode).toBe(200);

    const shop = companyClient(t.app, shopAdmin);
    const demote = await shop.updateMember(company.id, admin.id, { role: 'approver' });
    expect(demote.statusCode).toBe(409);
    expect((demote.json() as ApiError).message).toBe(COMPANY_MESSAGES.lastAdmin);
    const remove = await shop.removeMember(company.id, admin.id);
    expect(remove.statusCode).toBe(409);
    expect((remove.json() as ApiError).message).toBe(COMPANY_MESSAGES.lastAdmin);
    expect((await c.removeMember(company.id, admin.id)).statusCode).toBe(409);

    // With a second admin, the first may leave.
    expect((await c.updateMember(company.id, approver.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await c.removeMember(company.id, admin.id)).statusCode).toBe(204);
    expect((await companyClient(t.app, admin).mine()).statusCode).toBe(404);
    expect((await companyClient(t.app, approver).members(company.id)).json()).toHaveLength(1);
    expect((await companyClient(t.app, approver).removeMember(company.id, admin.id)).statusCode).toBe(404);
  });

  it('keeps one company admin when two admins demote or remove each other at once', async () => {
    for (const action of ['demote', 'remove'] as const) {
      const { admin, company } = await companyWithAdmin(t);
      const second = await memberOf(t, admin, company.id, 'admin');
      const act = (by: SignedInUser, target: SignedInUser) =>
        action === 'demote'
          ? companyClient(t.app, by).updateMember(company.id, target.id, { role: 'buyer' })
          : companyClient(t.app, by).removeMember(company.id, target.id);
      // Each may lose its own admin rights before its request is checked (403), or, removed, its
      // company (404: a company exists only for its members), or lose the count (409).
      const results = await Promise.all([act(admin, second), act(second, admin)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses[0], action).toBe(action === 'demote' ? 200 : 204);
      expect(action === 'demote' ? [403, 409] : [403, 404, 409], action).toContain(statuses[1]);
      const members = (await companyClient(t.app, shopAdmin).members(company.id)).json() as Member[];
      expect(
        members.filter((m) => m.role === 'admin'),
        action,
      ).toHaveLength(1);
    }
  });

  it('keeps one company admin when a shop admin demotes and removes both admins at once (the count is in the write)', async () => {
    for (const action of ['demote', 'remove'] as const) {
      const { admin, company } = await companyWithAdmin(t);
      const second = await memberOf(t, admin, company.id, 'admin');
      const shop = companyClient(t.app, shopAdmin);
      const act = (target: SignedInUser) =>
        action === 'demote' ? shop.updateMember(company.id, target.id, { role: 'approver' }) : shop.removeMember(company.id, target.id);
      const results = await Promise.all([act(admin), act(second)]);
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses, action).toEqual([action === 'demote' ? 200 : 204, 409]);
      const refused = results.find((r) => r.statusCode === 409)!;
      expect((refused.json() as ApiError).message).toBe(COMPANY_MESSAGES.lastAdmin);
      const members = (await shop.members(company.id)).json() as Member[];
      expect(
        members.filter((m) => m.role === 'admin'),
        action,
      ).toHaveLength(1);
    }
  });

  it('drops the membership when the account is removed', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${buyer.id}`, headers: { cookie: shopAdmin.cookie } });
    expect(res.statusCode).toBe(200);
    const members = (await companyClient(t.app, admin).members(company.id)).json() as Member[];
    expect(members.map((m) => m.userId)).toEqual([admin.id]);
  });
});

describe(`companies: addresses (${engine})`, () => {
  it('keeps shipping addresses: members read them, company admins add and delete them', async () => {
    const { admin, company } = await companyWithAdmin(t);
    const buyer = await memberOf(t, admin, company.id, 'buyer');
    const c = companyClient(t.app, admin);

    const added = await c.addAddress(company.id, { label: 'Main warehouse', address: { ...billingAddress, line2: '', phone: '+44 113 496 0000' } });
    expect(added.statusCode).toBe(201);
    const address = added.json() as CompanyAddress;
    expect(address).toEqual({ id: expect.any(String), label: 'Main warehouse', address: { ...billingAddress, phone: '+44 113 496 0000' } });
    await c.addAddress(company.id, { label: 'Site office', address: billingAddress });

    const list = await companyClient(t.app, buyer).addresses(company.id);
    expect(list.statusCode).toBe(200);
    expect((list.json() as CompanyAddress[]).map((a) => a.label)).toEqual(['Main warehouse', 'Site office']);
    expect((await companyClient(t.app, shopAdmin).addresses(company.id)).statusCode).toBe(200);

    expect((await companyClient(t.app, buyer).addAddress(company.id, { label: 'Mine', address: billingAddress })).statusCode).toBe(403);
    expect((await companyClient(t.app, buyer).removeAddress(company.id, address.id)).statusCode).toBe(403);
    const bad = await c.addAddress(company.id, { label: '', address: { ...billingAddress, country: '' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys((bad.json() as ApiError).fields ?? {}).sort()).toEqual(['address.country', 'label']);

    expect((await c.removeAddress(company.id, address.id)).statusCode).toBe(204);
    expect((await c.removeAddress(company.id, address.id)).statusCode).toBe(404);
    expect(((await c.addresses(company.id)).json() as CompanyAddress[]).map((a) => a.label)).toEqual(['Site office']);

    // Another company's address is not found through this one.
    const other = await companyWithAdmin(t, 'Other Co');
    const theirs = (
      await companyClient(t.app, other.admin).addAddress(other.company.id, { label: 'Theirs', address: billingAddress })
    ).json() as CompanyAddress;
    expect((await c.removeAddress(company.id, theirs.id)).statusCode).toBe(404);
    expect((await c.removeAddress(other.company.id, theirs.id)).statusCode).toBe(404);
  });
});
