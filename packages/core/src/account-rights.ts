/**
 * What an account of a dealer may do, by its kind (docs/decisions/0049, docs/account.md). One
 * rule for both sides: the server refuses, the web app hides.
 *
 * - The main account (is_main): everything of the company, sub-accounts included.
 * - A purchase account (is_purchase): a sub-account that sees the company's purchases: every
 *   order of the company (list, detail, packages, returns, exports) and the parts' purchase
 *   records.
 * - Any other sub-account: orders parts and sees, cancels and returns the orders it placed.
 */
export interface AccountKind {
  isMain: boolean;
  isPurchase: boolean;
}

/** Sees every order of the company (and the parts' purchase records); else only its own orders. */
export function seesCompanyOrders(kind: AccountKind): boolean {
  return kind.isMain || kind.isPurchase;
}

/** Manages sub-accounts (and their WeChat bindings). */
export function managesSubAccounts(kind: AccountKind): boolean {
  return kind.isMain;
}
