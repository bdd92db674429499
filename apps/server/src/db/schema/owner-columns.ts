import { accounts, companies } from './accounts';
import { idRef } from './columns';

export { productRef } from './catalog';

/**
 * The columns that tie a customer's row to its company, account and part (productRef). Every
 * per-company table uses them, so every query can filter by company_id.
 */
export const companyRef = () => idRef(() => companies.id);

export const accountRef = () => idRef(() => accounts.id);

/** The company and the account a dealer's row belongs to (company_id, account_id). */
export const ownerColumns = () => ({ companyId: companyRef(), accountId: accountRef() });
