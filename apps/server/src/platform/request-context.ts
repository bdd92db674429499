import { ApiStatus } from '@shop/core/api-status';
import type { BrandVariant } from '@shop/core/brand-variants';
import type { Permission } from '@shop/core/staff-permissions';
import type { Db } from '../db/client';
import { publish, wakeDispatchers, type DomainEvent, type Executor } from '../lib/events';
import { LoginError } from '../lib/errors';

/**
 * The request context (docs/adding-a-module.md): who calls, which brand variant, the database,
 * and `transaction(fn)` that publishes the events fn emits when it commits. Every request gets
 * one (`request.ctx`, anonymous until a scope's authentication names the caller); services take
 * it, or the part of it they need, instead of context types of their own.
 */

/** A dealer's account (its session). Every query is scoped by companyId. */
export interface DealerCaller {
  kind: 'dealer';
  sessionId: number;
  /** The account (subuser_id). */
  accountId: number;
  companyId: number;
  /** Main account of the company (is_main). */
  isMain: boolean;
  /** Purchase account (is_purchase). */
  isPurchase: boolean;
  /** Regional account with the Beijing warehouse (is_regional_warehouse). */
  isRegionalWarehouse: boolean;
}

/** A staff member (the back office, /api/admin). */
export interface StaffCaller {
  kind: 'staff';
  sessionId: number;
  staffId: number;
  name: string;
  login: string;
  roles: string[];
  permissions: Permission[];
}

export interface AnonymousCaller {
  kind: 'anonymous';
}

export type Caller = DealerCaller | StaffCaller | AnonymousCaller;

export const ANONYMOUS: AnonymousCaller = Object.freeze({ kind: 'anonymous' });

/** Adds events to the ones the transaction publishes when it commits. */
export type Emit = (...events: DomainEvent[]) => void;

/**
 * Runs fn in a transaction; the events fn emits are written into the outbox in that transaction
 * (so they exist only if it commits) and the dispatchers are woken after the commit.
 */
export async function runTransaction<T>(db: Db, fn: (tx: Executor, emit: Emit) => Promise<T>): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const events: DomainEvent[] = [];
    const value = await fn(tx, (...more) => {
      events.push(...more);
    });
    await publish(tx, ...events);
    return value;
  });
  wakeDispatchers();
  return result;
}

/** What a dealer's service reads of its request: the caller and the variant. */
export interface DealerContext {
  readonly caller: DealerCaller;
  readonly variant: BrandVariant;
}

/** The database of a request and its transactions that publish events after the commit. */
export interface TransactionContext {
  readonly db: Db;
  transaction<T>(fn: (tx: Executor, emit: Emit) => Promise<T>): Promise<T>;
}

/** A dealer's request as the services that read and write the dealer's data take it. */
export interface DealerRequestContext extends DealerContext, TransactionContext {}

/** A staff member's request (the admin API's services). */
export interface StaffRequestContext extends TransactionContext {
  readonly caller: StaffCaller;
  readonly variant: BrandVariant;
}

export class RequestContext {
  constructor(
    public caller: Caller,
    readonly variant: BrandVariant,
    readonly db: Db,
  ) {}

  /** The dealer calling (a dealer scope has checked the login; elsewhere answers 401 'login required'). */
  get dealer(): DealerCaller {
    if (this.caller.kind !== 'dealer') throw new LoginError(ApiStatus.loginRequired);
    return this.caller;
  }

  /** This context as a dealer's (the same object, checked). */
  asDealer(): DealerRequestContext {
    void this.dealer;
    return this as DealerRequestContext;
  }

  /** This context as a staff member's (the same object; the admin scope has checked the login). */
  asStaff(): StaffRequestContext {
    if (this.caller.kind !== 'staff') throw new LoginError(ApiStatus.loginRequired);
    return this as StaffRequestContext;
  }

  /** Runs fn in a transaction and publishes the events it emits after the commit (runTransaction). */
  transaction<T>(fn: (tx: Executor, emit: Emit) => Promise<T>): Promise<T> {
    return runTransaction(this.db, fn);
  }
}
