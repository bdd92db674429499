import { integer } from 'drizzle-orm/pg-core';
import { accounts, companies } from './accounts';
import { products } from './catalog';

/**
 * The columns that tie a customer's row to its company, account and part. Every per-company
 * table uses them, so every query can filter by company_id.
 */
export const companyRef = () =>
  integer()
    .notNull()
    .references(() => companies.id);

export const accountRef = () =>
  integer()
    .notNull()
    .references(() => accounts.id);

/** A part the row is about; the row goes when the part goes. */
export const productRef = () =>
  integer()
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });
