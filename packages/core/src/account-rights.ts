/**
 * What an account of a dealer may do, by its kind (docs/decisions/0049, docs/account.md). One
 * rule for both sides: the server refuses, the web app hides.
 *
 * - The main account (is_main): everything of the company, sub-accounts included.
 * - A purchase account (is_purchase): a sub-account that sees the company's purchases: every
 *   order of the company (list, detail, packages, returns, exports) and the parts' purchase
 *   records.
 * - Any other sub-account: orders parts and sees, cancels and returns the orders it placed.
 *
 * Points, the points mall and gift orders are the main account's alone (usesPoints).
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

/** Uses the company's points: overview, sign-in, the mall and its cart, coins, gift orders (main account only). */
export function usesPoints(kind: AccountKind): boolean {
  return kind.isMain;
}

/**
 * Opens the activity zone (spec.md sections 2 and 6): the profile's activity_flag is 1 (its rule,
 * decision 0046: an activity runs today, or staff flagged the account).
 */
export function opensActivityZone(profile: { activity_flag: number } | undefined): boolean {
  return profile?.activity_flag === 1;
}
