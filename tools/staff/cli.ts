/**
 * Staff actions on orders (docs/orders.md, 'Staff actions'), through the running server's admin
 * API (/api/admin/*), so it works whatever database the server runs on, the embedded one too:
 *
 *   npm run staff -- ship --order SO20261122000001 --carrier 顺丰 --tracking SF1234567890 [--packages 2]
 *                        [--warehouse 1|2] [--item <product_id>=<qty> ...]
 *   npm run staff -- deliver --delivery FH20261122000001
 *   npm run staff -- return --order SO20261122000001 --reason 发错货 [--item <product_id>=<qty> ...]
 *   npm run staff -- accept-return --return TH20261122000002 [--note 请寄回广州仓]
 *   npm run staff -- refuse-return --return TH20261122000002 --note 已超过退货期
 *   npm run staff -- complete-return --return TH20261122000002
 *   npm run staff -- show --order SO20261122000001
 *
 * The server: --url (or STAFF_URL, default http://localhost:8080). The staff member: --login and
 * --password (or STAFF_LOGIN / STAFF_PASSWORD, default the demo administrator admin / demo1234).
 * Every action is checked against the staff member's permissions and written to the audit log.
 *
 * The first administrator of a database without one is made on the database itself (the admin
 * API needs a logged-in administrator), with the password from STAFF_PASSWORD or a prompt:
 *
 *   npm run staff -- create-admin --login boss --name 王经理 --phone 13900000009
 *                                 [--database-url postgres://...] [--data-dir ./data]
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import type { AdminOrderDetail, ShipResponse, StaffLoginResponse } from '@shop/core/api/admin';
import type { Db } from '@shop/server/db/client';

const USAGE = `usage: npm run staff -- <ship|deliver|return|accept-return|refuse-return|complete-return|show|create-admin> [options]
  ship             --order <no> --carrier <name> --tracking <no> [--packages 1] [--warehouse 1|2] [--item <product_id>=<qty> ...]
  deliver          --delivery <no>             (the carrier reports the package received)
  return           --order <no> --reason <text> [--item <product_id>=<qty> ...]
  accept-return    --return <no> [--note <text>]
  refuse-return    --return <no> --note <text>
  complete-return  --return <no>               (goods back in the warehouse: stock returned)
  show             --order <no>                (status, lines, packages)
  common: [--url http://localhost:8080] [--login admin] [--password demo1234]
          (or STAFF_URL, STAFF_LOGIN, STAFF_PASSWORD)
  create-admin     --login <login> --name <name> --phone <phone> [--database-url postgres://...] [--data-dir ./data]
                   the first administrator, on the database itself (stop the server first when it runs on
                   the embedded database); the password from STAFF_PASSWORD or a prompt, never the command line`;

/** Where the command prints (the console; tests pass their own). */
export interface Output {
  log(line: string): void;
  table(rows: unknown[]): void;
}

/** A refusal of the server (its Chinese msg), printed as 'refused: ...'. */
export class Refused extends Error {}

function items(list: string[] | undefined): { product_id: number; quantity: number }[] | undefined {
  if (!list || list.length === 0) return undefined;
  return list.map((text) => {
    const m = /^(\d+)=(\d+)$/.exec(text);
    if (!m || Number(m[2]) < 1) throw new Error(`--item must be <product_id>=<qty>, got '${text}'`);
    return { product_id: Number(m[1]), quantity: Number(m[2]) };
  });
}

function need(value: string | undefined, name: string): string {
  if (!value) throw new Error(`--${name} is required\n${USAGE}`);
  return value;
}

class AdminClient {
  private token = '';
  constructor(private readonly base: string) {}

  async call<T>(method: 'GET' | 'POST', path: string, payload?: object): Promise<T> {
    let res: Response;
    try {
      res = await fetch(`${this.base}/api/admin${path}`, {
        method,
        headers: {
          ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        ...(payload ? { body: JSON.stringify(payload) } : {}),
      });
    } catch (err) {
      throw new Error(`cannot reach the server at ${this.base} (is it running? --url / STAFF_URL)`, { cause: err });
    }
    const body = (await res.json().catch(() => null)) as { status: number; msg: string; data: T } | null;
    if (!body) throw new Error(`unexpected answer from ${this.base}: HTTP ${res.status}`);
    if (body.status !== 200) throw new Refused(body.msg);
    return body.data;
  }

  async login(login: string, password: string): Promise<void> {
    this.token = (await this.call<StaffLoginResponse>('POST', '/auth/login', { login, password })).token;
  }

  async logout(): Promise<void> {
    if (this.token) await this.call('POST', '/auth/logout').catch(() => {});
  }
}

const path = (value: string) => encodeURIComponent(value);

/** What the command prints after each move of a return. */
const RETURN_DONE = {
  accept: 'return accepted',
  refuse: 'return refused',
  complete: 'return completed; stock returned',
} as const;

/** What create-admin works with: the database, and how a password is asked for. */
export interface LocalAccess {
  /** Opens the database (migrated); the default: DATABASE_URL / --database-url, else the embedded one. */
  open?(options: { url: string | undefined; dataDir: string }): Promise<{ db: Db; close(): Promise<void> }>;
  /** Asks for a password without echoing it; undefined when there is no terminal to ask on. */
  askPassword?(question: string): Promise<string | undefined>;
}

async function openMigrated(options: { url: string | undefined; dataDir: string }) {
  const { openDatabase } = await import('@shop/server/db/client');
  const database = await openDatabase({ ...options, poolSize: 1 });
  try {
    await database.migrate();
  } catch (err) {
    await database.close();
    throw err;
  }
  return database;
}

/** Reads a line from the terminal without showing it. */
function askHidden(question: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) return Promise.resolve(undefined);
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (!muted) process.stdout.write(chunk);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve) => {
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

async function createAdmin(
  values: Record<string, string | boolean | string[] | undefined>,
  env: Record<string, string | undefined>,
  out: Output,
  local: LocalAccess,
): Promise<void> {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value : undefined;
  };
  if (values.password !== undefined) {
    throw new Error('create-admin takes the password from STAFF_PASSWORD or the prompt, never the command line');
  }
  const input = {
    login: need(text('login'), 'login'),
    name: need(text('name'), 'name'),
    phone: need(text('phone'), 'phone'),
  };
  let password = env.STAFF_PASSWORD || undefined;
  if (password === undefined) {
    const ask = local.askPassword ?? askHidden;
    password = await ask('password of the new administrator: ');
    if (password === undefined) throw new Error('set STAFF_PASSWORD or run in a terminal to be asked for the password');
    if ((await ask('the same password again: ')) !== password) throw new Error('the two passwords differ');
  }
  const database = await (local.open ?? openMigrated)({
    url: text('database-url') ?? (env.DATABASE_URL || undefined),
    dataDir: text('data-dir') ?? (env.DATA_DIR || './data'),
  });
  // The server's code is loaded only for this command (the others are HTTP clients).
  const { createFirstAdministrator } = await import('@shop/server/modules/staff/members-service');
  const { BusinessError } = await import('@shop/server/lib/errors');
  try {
    const member = await createFirstAdministrator(database.db, { ...input, password }).catch((err: unknown) => {
      throw err instanceof BusinessError ? new Refused(err.message) : err;
    });
    out.log(`administrator ${member.login} (${member.name}, id ${member.id}) created; log in with that password`);
  } finally {
    await database.close();
  }
}

/** Runs one staff command against a server; throws Refused or Error. */
export async function runStaffCommand(
  argv: string[],
  env: Record<string, string | undefined> = process.env,
  out: Output = console,
  local: LocalAccess = {},
): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      order: { type: 'string' },
      delivery: { type: 'string' },
      return: { type: 'string' },
      carrier: { type: 'string' },
      tracking: { type: 'string' },
      packages: { type: 'string' },
      warehouse: { type: 'string' },
      item: { type: 'string', multiple: true },
      reason: { type: 'string' },
      note: { type: 'string' },
      url: { type: 'string' },
      login: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      phone: { type: 'string' },
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || !command || command === 'help') {
    out.log(USAGE);
    return;
  }
  if (command === 'create-admin') return createAdmin(values, env, out, local);
  const known = ['ship', 'deliver', 'return', 'accept-return', 'refuse-return', 'complete-return', 'show'];
  if (!known.includes(command)) throw new Error(`unknown command '${command}'\n${USAGE}`);
  const base = (values.url ?? (env.STAFF_URL || 'http://localhost:8080')).replace(/\/+$/, '');
  const client = new AdminClient(base);
  await client.login(
    values.login ?? (env.STAFF_LOGIN || 'admin'),
    values.password ?? (env.STAFF_PASSWORD || 'demo1234'),
  );
  try {
    switch (command) {
      case 'ship': {
        const warehouse = values.warehouse ? Number(values.warehouse) : undefined;
        if (warehouse !== undefined && warehouse !== 1 && warehouse !== 2)
          throw new Error('--warehouse must be 1 or 2');
        const result = await client.call<ShipResponse>('POST', `/orders/${path(need(values.order, 'order'))}/ship`, {
          carrier: need(values.carrier, 'carrier'),
          tracking_no: need(values.tracking, 'tracking'),
          packages: Number(values.packages ?? '1'),
          ...(warehouse ? { warehouse } : {}),
          ...(values.item ? { items: items(values.item) } : {}),
        });
        out.log(`shipped: ${result.delivery_nos.join(', ')}; order status ${result.status}`);
        break;
      }
      case 'deliver':
        await client.call('POST', `/deliveries/${path(need(values.delivery, 'delivery'))}/deliver`);
        out.log('package received');
        break;
      case 'return': {
        const list = items(values.item);
        const { return_no } = await client.call<{ return_no: string }>(
          'POST',
          `/orders/${path(need(values.order, 'order'))}/returns`,
          { reason: need(values.reason, 'reason'), ...(list ? { items: list } : {}) },
        );
        out.log(`return request ${return_no} created (pending_review)`);
        break;
      }
      case 'accept-return':
      case 'refuse-return':
      case 'complete-return': {
        const move = command.replace(/-return$/, '') as keyof typeof RETURN_DONE;
        // A refusal says why; the other moves may.
        const note = move === 'refuse' ? need(values.note, 'note') : (values.note ?? '');
        await client.call('POST', `/returns/${path(need(values.return, 'return'))}/${move}`, { note });
        out.log(RETURN_DONE[move]);
        break;
      }
      case 'show': {
        const d = await client.call<AdminOrderDetail>('GET', `/orders/${path(need(values.order, 'order'))}`);
        const o = d.order;
        out.table([
          { id: o.id, status: o.status, total: o.total_amount, created_at: o.created_at, company: o.company_name },
        ]);
        out.table(
          d.items.map((i) => ({
            product_id: i.product_id,
            frey_no: i.frey_no,
            l_name_zh: i.l_name_zh,
            warehouse_id: i.warehouse_id,
            quantity: i.quantity,
            shipped_quantity: i.shipped_quantity,
            returned_quantity: i.returned_quantity,
          })),
        );
        out.table(d.deliveries);
        if (d.returns.length > 0) out.table(d.returns);
        break;
      }
    }
  } finally {
    await client.logout();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runStaffCommand(process.argv.slice(2)).catch((err: unknown) => {
    console.error(err instanceof Refused ? `refused: ${err.message}` : err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
