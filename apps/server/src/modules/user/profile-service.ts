import type { UserIndex, UserProfile } from '@shop/core/api/user';
import type { Db } from '../../db/client';
import { LoginError } from '../../lib/errors';
import { ApiStatus } from '@shop/core/api-status';
import type { DealerCaller } from '../../platform/request-context';
import { countSubAccounts, loadProfile } from './account-queries';

/** The caller's profile (GET info). */
export async function getProfile(db: Db, auth: DealerCaller): Promise<UserProfile> {
  const profile = await loadProfile(db, auth.accountId, auth.companyId);
  // The session resolved a moment ago; the account vanishing in between is a lost login.
  if (!profile) throw new LoginError(ApiStatus.loginInvalid);
  return profile;
}

/** The profile with the header's counters (GET index). */
export async function getUserIndex(db: Db, auth: DealerCaller): Promise<UserIndex> {
  const [user, sonAccounts] = await Promise.all([
    getProfile(db, auth),
    auth.isMain ? countSubAccounts(db, auth.companyId) : Promise.resolve(0),
  ]);
  return { user, son_account_count: sonAccounts };
}
