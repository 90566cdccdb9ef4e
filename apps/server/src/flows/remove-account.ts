import type { Units } from '../db/unit-of-work.js';
import type { CartService } from '../modules/cart/cart.service.js';
import type { CompaniesService } from '../modules/companies/companies.service.js';
import type { ListsService } from '../modules/lists/lists.service.js';
import type { ProfilesService } from '../modules/profiles/profiles.service.js';
import type { RemoveAccount, UsersService } from '../modules/users/users.service.js';

/**
 * `DELETE /api/user/:id` (an admin): the account and what every module keeps per account go in one
 * unit: its profile, its cart, its requisition lists, its company membership (even a company's last admin's: a shop admin
 * still manages the company), then the account with its sessions. The last admin is never removed
 * (checked under the admins' lock inside the unit). Orders stay: they are the shop's records.
 */
export function createRemoveAccount({
  units,
  users,
  profiles,
  cart,
  lists,
  companies,
}: {
  units: Units;
  users: Pick<UsersService, 'checkRemovable' | 'refuseLastAdminIn' | 'deleteIn'>;
  profiles: Pick<ProfilesService, 'removeIn'>;
  cart: Pick<CartService, 'removeIn'>;
  lists: Pick<ListsService, 'removeOwnedIn'>;
  companies: Pick<CompaniesService, 'removeMemberIn'>;
}): RemoveAccount {
  return async function removeAccount(actor, id) {
    await users.checkRemovable(actor, id);
    await units.run(async (uow) => {
      await users.refuseLastAdminIn(uow, id);
      await profiles.removeIn(uow.trx, id);
      await cart.removeIn(uow.trx, id);
      await lists.removeOwnedIn(uow.trx, id);
      await companies.removeMemberIn(uow.trx, id);
      await users.deleteIn(uow, id);
    });
    return { deletedCount: 1 };
  };
}
