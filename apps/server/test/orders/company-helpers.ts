import { inflateSync } from 'node:zlib';
import type { Company, CompanyRole, CompanyUpdateValues, Order } from '@bulkparts/shared';
import type { FastifyInstance } from 'fastify';
import { nowIso } from '../../src/lib/ids.js';
import { ADDRESS } from '../helpers/cart.js';
import { signUp, signUpAdmin, type SignedInUser } from '../helpers/factories.js';
import type { TestApp } from '../helpers/test-app.js';

/** Issue 18: companies, members and company orders for the orders' tests (the companies module's own routes set them up). */

const shopAdmins = new WeakMap<FastifyInstance, Promise<SignedInUser>>();

/** The shop admin of this app (ADMIN_EMAILS: one address, so signed up once per app). */
export function shopAdmin(app: FastifyInstance): Promise<SignedInUser> {
  let admin = shopAdmins.get(app);
  if (!admin) {
    admin = signUpAdmin(app);
    shopAdmins.set(app, admin);
  }
  return admin;
}

export interface TestCompany {
  company: Company;
  /** The company admin who created it. */
  admin: SignedInUser;
}

let companySeq = 0;

/**
 * A company created through `POST /api/companies` by a new user (its company admin), then given
 * terms, a credit limit or a discount by the shop admin (`PATCH /api/companies/:id`).
 */
export async function createCompany(
  app: FastifyInstance,
  shopTerms: Pick<CompanyUpdateValues, 'paymentTerms' | 'creditLimit' | 'discountPercent'> = {},
): Promise<TestCompany> {
  const admin = await signUp(app, { name: 'Company Admin' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/companies',
    headers: { cookie: admin.cookie },
    payload: { name: `Acme Fasteners ${++companySeq}`, taxId: `GB${100000 + companySeq}`, billingAddress: ADDRESS },
  });
  if (created.statusCode !== 201) throw new Error(`company create failed: ${created.statusCode} ${created.body}`);
  let company = created.json() as Company;
  if (Object.keys(shopTerms).length) {
    const shop = await shopAdmin(app);
    const patched = await app.inject({ method: 'PATCH', url: `/api/companies/${company.id}`, headers: { cookie: shop.cookie }, payload: shopTerms });
    if (patched.statusCode !== 200) throw new Error(`company terms failed: ${patched.statusCode} ${patched.body}`);
    company = patched.json() as Company;
  }
  return { company, admin };
}

/**
 * A new user made a member with `role` (written straight into the companies module's table: the
 * invitation journey is the companies module's own test), then given a spending limit in dollars
 * by the company admin through `PATCH /api/companies/:id/members/:userId`.
 */
export async function addMember(t: TestApp, c: TestCompany, role: CompanyRole, spendingLimit: number | null = null): Promise<SignedInUser> {
  const user = await signUp(t.app, { name: `Company ${role}` });
  await t.database.db
    .insertInto('company_members')
    .values({ user_id: user.id, company_id: c.company.id, role, spending_limit_cents: null, created_at: nowIso() })
    .execute();
  if (spendingLimit !== null) {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${c.company.id}/members/${user.id}`,
      headers: { cookie: c.admin.cookie },
      payload: { spendingLimit },
    });
    if (res.statusCode !== 200) throw new Error(`spending limit failed: ${res.statusCode} ${res.body}`);
  }
  return user;
}

/** Calls on one order as `user`. */
export function orderClient(app: FastifyInstance, user: SignedInUser) {
  const headers = { cookie: user.cookie };
  return {
    get: (id: string) => app.inject({ method: 'GET', url: `/api/purchase/${id}`, headers }),
    approve: (id: string) => app.inject({ method: 'POST', url: `/api/purchase/${id}/approve`, headers }),
    reject: (id: string, reason = 'Over budget this month') => app.inject({ method: 'POST', url: `/api/purchase/${id}/reject`, headers, payload: { reason } }),
    markPaid: (id: string, reference = 'BACS 2026-12-01') =>
      app.inject({ method: 'POST', url: `/api/purchase/${id}/mark-paid`, headers, payload: { reference } }),
    cancel: (id: string) => app.inject({ method: 'DELETE', url: `/api/purchase/${id}`, headers }),
    invoice: (id: string) => app.inject({ method: 'GET', url: `/api/purchase/${id}/invoice`, headers }),
    list: (query: string) => app.inject({ method: 'GET', url: `/api/purchase?${query}`, headers }),
    async order(id: string): Promise<Order> {
      return (await app.inject({ method: 'GET', url: `/api/purchase/${id}`, headers })).json() as Order;
    },
  };
}

/** The outbox's mails to `to` (subject and text). */
export function mailsTo(t: TestApp, to: string) {
  return t.database.db.selectFrom('mail_outbox').select(['subject', 'text_body']).where('to_address', '=', to).orderBy('created_at').execute();
}

/** The first mail to `to` matching `match`, waiting for mails sent after a committed change (`mailer.send` does not wait). */
export async function mailTo(t: TestApp, to: string, match: (m: { subject: string; text_body: string }) => boolean) {
  for (let i = 0; i < 50; i++) {
    const found = (await mailsTo(t, to)).find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 40));
  }
  return undefined;
}

/**
 * The text a PDF shows: every FlateDecode stream inflated, and the strings of its text operators
 * (pdfkit writes them as hex, `[<…> kerning <…>] TJ`) decoded, one text operator a line.
 */
export function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(raw))) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    let body: string;
    try {
      body = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const op of body.matchAll(/\[([^\]]*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\(((?:\\.|[^)])*)\)\s*Tj/g)) {
      if (op[1] !== undefined) {
        out.push([...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''));
      } else if (op[2] !== undefined) {
        out.push(Buffer.from(op[2], 'hex').toString('latin1'));
      } else if (op[3] !== undefined) {
        out.push(op[3]);
      }
    }
  }
  return out.join('\n');
}
