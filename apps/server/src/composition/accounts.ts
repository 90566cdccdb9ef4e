import type { GroupCommit } from '../db/group-commit.js';
import type { Units } from '../db/unit-of-work.js';
import { createRemoveAccount } from '../flows/remove-account.js';
import { createAuth, type PasswordHasher } from '../modules/auth/auth.js';
import type { SessionCache } from '../modules/auth/session-cache.js';
import { createCartRepository } from '../modules/cart/cart.repository.js';
import { createCartService } from '../modules/cart/cart.service.js';
import { createCompaniesRepository } from '../modules/companies/companies.repository.js';
import { createCompaniesService } from '../modules/companies/companies.service.js';
import { createCompanyAddressesRepository, createCompanyPricesRepository } from '../modules/companies/company-addresses.repository.js';
import { createInvitationsRepository } from '../modules/companies/company-invitations.repository.js';
import { createListsRepository } from '../modules/lists/lists.repository.js';
import { createListsService } from '../modules/lists/lists.service.js';
import type { MailService } from '../modules/mail/mail.service.js';
import type { CatalogueCache } from '../modules/products/catalogue-cache.js';
import type { ProductsService } from '../modules/products/products.service.js';
import { createProfilesRepository } from '../modules/profiles/profiles.repository.js';
import { createProfilesService } from '../modules/profiles/profiles.service.js';
import type { RateLimiter } from '../modules/rate-limit/rate-limit.service.js';
import { createVatChecker } from '../modules/tax/vat-checker.js';
import { createUsersRepository } from '../modules/users/users.repository.js';
import { createUsersService } from '../modules/users/users.service.js';
import type { Base } from './base.js';

export interface AccountsDeps extends Base {
  passwordHasher: PasswordHasher | undefined;
  commits: GroupCommit;
  units: Units;
  mailer: MailService;
  rateLimiter: RateLimiter;
  sessions: SessionCache;
  catalogueCache: CatalogueCache;
  products: ProductsService;
  /** The credit a company has used: the orders' sum (the orders module answers, read when asked). */
  creditUsedCents: (companyId: string) => Promise<number>;
}

/** Who buys: accounts (users, profiles, sign-in), companies, and what an account keeps (its cart and lists), removed with it. */
export function buildAccounts({
  config,
  db,
  engine,
  log,
  passwordHasher,
  commits,
  units,
  mailer,
  rateLimiter,
  sessions,
  catalogueCache,
  products,
  creditUsedCents,
}: AccountsDeps) {
  const users = createUsersService(createUsersRepository(db, engine), { adminEmails: config.adminEmails, sessions });
  const profiles = createProfilesService({ repo: createProfilesRepository(db), users, sessions });
  const auth = createAuth({
    config,
    db,
    engine,
    mailer,
    users,
    sessions,
    log: log.child({ module: 'auth' }),
    rateLimitEnabled: rateLimiter.enabled,
    passwordHasher,
  });

  // Companies (issue 18): members' names from users, products for company prices (whose changes clear the
  // catalogue cache), the invitation mail; the credit used is the orders' sum (read when asked).
  const companies = createCompaniesService({
    repos: {
      companies: createCompaniesRepository(db, engine),
      invitations: createInvitationsRepository(db, engine),
      addresses: createCompanyAddressesRepository(db, engine),
      prices: createCompanyPricesRepository(db),
    },
    users,
    products,
    units,
    catalogueCache,
    creditUsedCents,
    // Issue 30: VAT numbers checked when saved and by the background round; admins mailed before a certificate expires.
    vatChecker: createVatChecker(config.tax.vatCheckUrl),
    shopAdminEmails: () => users.adminEmails(),
    mailer,
    publicUrl: config.publicUrl,
  });

  // A cart's lines commit on the group commit without waiting for the disk; its checkout commits durably (ADR 0029).
  const cart = createCartService({ repo: createCartRepository(db, engine, commits), products, prices: companies });
  // Issue 33: requisition lists; products and prices read live, sharing asks the companies module who belongs where.
  const lists = createListsService({ repo: createListsRepository(db), products, companies, users });
  // Issue 29: removing an account is one unit over the users, profiles, cart, lists and companies modules.
  const removeAccount = createRemoveAccount({ units, users, profiles, cart, lists, companies });

  return { users, profiles, auth, companies, cart, lists, removeAccount };
}
