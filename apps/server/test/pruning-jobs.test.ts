import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAttempts, sessions } from '../src/db/schema/accounts';
import { staffMembers, staffSessions } from '../src/db/schema/staff';
import { MODULES } from '../src/modules';
import type { JobDeclaration } from '../src/platform/module';
import { testPasswordHash } from './helpers/fixtures';
import { createTestApp, type TestApp } from './helpers/test-app';

/**
 * The clearing work that used to run on 1 login in 100 now runs as jobs of the user and staff
 * modules (lib/jobs.ts, once per cluster): old login attempts, finished dealer and staff sessions.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t?.close());

function job(module: string, name: string): JobDeclaration {
  const found = MODULES.find((m) => m.name === module)?.jobs?.find((j) => j.name === name);
  if (!found) throw new Error(`module ${module} declares no job ${name}`);
  return found;
}

const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60_000);
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000);

describe('pruning jobs', () => {
  it('prune-login-attempts deletes attempts older than a day and keeps the window’s', async () => {
    const rows = await t.db
      .insert(loginAttempts)
      .values([
        { accountKey: 'prune:old', ip: '10.0.0.1', succeeded: false, createdAt: daysAgo(2) },
        { accountKey: 'staff:prune-old', ip: '10.0.0.1', succeeded: true, createdAt: daysAgo(3) },
        { accountKey: 'prune:recent', ip: '10.0.0.1', succeeded: false, createdAt: new Date() },
      ])
      .returning({ key: loginAttempts.accountKey });
    expect(rows).toHaveLength(3);
    await job('user', 'prune-login-attempts').run(t.db, t.config);
    const left = await t.db.execute(sql`select account_key from login_attempts
      where account_key in ('prune:old', 'staff:prune-old', 'prune:recent')`);
    expect(left.rows.map((r) => (r as { account_key: string }).account_key)).toEqual(['prune:recent']);
  });

  it('prune-sessions deletes dealer sessions finished over 30 days ago and keeps live ones', async () => {
    const a = t.fixtures.accounts.aMain;
    const base = { accountId: a.id, companyId: a.companyId };
    const inserted = await t.db
      .insert(sessions)
      .values([
        { ...base, tokenHash: 'prune-ended', expiresAt: inDays(1), endedAt: daysAgo(31) },
        { ...base, tokenHash: 'prune-expired', expiresAt: daysAgo(31), lastSeenAt: daysAgo(32) },
        { ...base, tokenHash: 'prune-idle', expiresAt: inDays(1), lastSeenAt: daysAgo(31) },
        { ...base, tokenHash: 'prune-recently-ended', expiresAt: inDays(1), endedAt: daysAgo(1) },
        { ...base, tokenHash: 'prune-live', expiresAt: inDays(1) },
      ])
      .returning({ id: sessions.id });
    expect(inserted).toHaveLength(5);
    await job('user', 'prune-sessions').run(t.db, t.config);
    const left = await t.db.execute(
      sql`select token_hash from sessions where token_hash like 'prune-%' order by token_hash`,
    );
    expect(left.rows.map((r) => (r as { token_hash: string }).token_hash)).toEqual([
      'prune-live',
      'prune-recently-ended',
    ]);
  });

  it('prune-staff-sessions does the same for staff sessions, and leaves dealer sessions alone', async () => {
    const [member] = await t.db
      .insert(staffMembers)
      .values({ name: '清理测试', login: 'prune_staff', phone: '13900009999', passwordHash: await testPasswordHash() })
      .returning({ id: staffMembers.id });
    const a = t.fixtures.accounts.aSub;
    await t.db.insert(sessions).values({
      accountId: a.id,
      companyId: a.companyId,
      tokenHash: 'dealer-ended-long-ago',
      expiresAt: inDays(1),
      endedAt: daysAgo(60),
    });
    await t.db.insert(staffSessions).values([
      { staffId: member!.id, tokenHash: 'staff-ended', expiresAt: inDays(1), endedAt: daysAgo(31) },
      { staffId: member!.id, tokenHash: 'staff-expired', expiresAt: daysAgo(40), lastSeenAt: daysAgo(40) },
      { staffId: member!.id, tokenHash: 'staff-live', expiresAt: inDays(1) },
    ]);
    await job('staff', 'prune-staff-sessions').run(t.db, t.config);
    const left = await t.db.execute(sql`select token_hash from staff_sessions where staff_id = ${member!.id}`);
    expect(left.rows.map((r) => (r as { token_hash: string }).token_hash)).toEqual(['staff-live']);
    const dealer = await t.db.execute(sql`select 1 from sessions where token_hash = 'dealer-ended-long-ago'`);
    expect(dealer.rows).toHaveLength(1);
  });
});
