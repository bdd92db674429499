import { describe, expect, it } from 'vitest';
import { beforeMigration } from './helpers/migrations';

/**
 * The migration 'dealers_company_fields' moves the regional flag (Beijing warehouse) from the
 * accounts to their company and gives the companies their back-office fields. Run on an embedded
 * database migrated file by file up to the one before, with accounts of both kinds, then it.
 */
const { db, migrate } = beforeMigration('_dealers_company_fields.sql');

describe('migration dealers_company_fields', () => {
  it('makes a company regional when one of its accounts was, then drops the account column', async () => {
    await db().exec(`
      insert into companies (id, name) values (1, '区域公司'), (2, '普通公司'), (3, '无账号公司');
      insert into accounts (id, company_id, username, phone, password_hash, is_main, is_regional_warehouse) values
        (1, 1, 'r_main', '13800000001', 'x', 1, 1),
        (2, 1, 'r_sub', '13800000002', 'x', 0, 1),
        (3, 2, 'n_main', '13800000003', 'x', 1, 0);
    `);
    await migrate();
    const companies = await db().query(
      `select id, is_regional_warehouse, enabled, version, contact_name, notes from companies order by id`,
    );
    expect(companies.rows).toEqual([
      { id: 1, is_regional_warehouse: 1, enabled: true, version: 1, contact_name: '', notes: '' },
      { id: 2, is_regional_warehouse: 0, enabled: true, version: 1, contact_name: '', notes: '' },
      { id: 3, is_regional_warehouse: 0, enabled: true, version: 1, contact_name: '', notes: '' },
    ]);
    const column = await db().query(
      `select 1 from information_schema.columns where table_name = 'accounts' and column_name = 'is_regional_warehouse'`,
    );
    expect(column.rows).toEqual([]);
  });
});
