import { and, eq } from 'drizzle-orm';
import { uploadDays } from '../../src/db/schema/feedback';
import { chinaDay } from '../../src/lib/china-time';
import type { FixtureCompanyKey } from './fixtures';
import type { TestApp } from './test-app';

/** The bytes a fixture company has uploaded today (China day), as the daily quota counts them. */
export async function uploadBytesToday(t: TestApp, company: FixtureCompanyKey): Promise<number | undefined> {
  const [row] = await t.db
    .select({ bytes: uploadDays.bytes })
    .from(uploadDays)
    .where(and(eq(uploadDays.companyId, t.fixtures.companies[company].id), eq(uploadDays.day, chinaDay(new Date()))));
  return row?.bytes;
}
