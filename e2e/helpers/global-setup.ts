import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startShop, type ShopServer } from './shop-server';

/**
 * The e2e project's global setup: ONE shop server per brand for the whole run, shared by every
 * test file (`useShop` in ./shop.ts). It builds nothing (`npm test` builds before vitest).
 *
 * A shop starts when the first file asks for its brand, so a run of only delisting.test.ts starts
 * only the partsky shop. The files reach this process through a small local HTTP endpoint whose
 * address is provided to them (`inject('e2eShops')`): `GET /shop?brand=…` answers the shop's URL
 * and a client address of the file's own (every call gets another one, see ./shop.ts); `GET
 * /log?brand=…` the shop's log so far.
 *
 * At the end every shop is stopped; its log goes to test-results/e2e-shop-<brand>.log, and is
 * printed when an e2e file failed or the shop died during the run.
 */
const RESULTS = fileURLToPath(new URL('../../test-results', import.meta.url));

/** The shared shops trust X-Forwarded-For, so each file's browser comes from its own address. */
const SHARED_ENV: Record<string, string> = { TRUST_PROXY: '1' };

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shops = new Map<string, Promise<ShopServer>>();
  let clients = 0;

  function shopFor(brand: string): Promise<ShopServer> {
    let shop = shops.get(brand);
    if (!shop) {
      shop = startShop(brand === 'default' ? SHARED_ENV : { ...SHARED_ENV, BRAND: brand });
      shops.set(brand, shop);
    }
    return shop;
  }

  const broker: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const brand = url.searchParams.get('brand') || 'default';
    if ((url.pathname !== '/shop' && url.pathname !== '/log') || !/^[a-z0-9-]+$/.test(brand)) {
      res.writeHead(404).end();
      return;
    }
    if (url.pathname === '/log') {
      // The shop's log so far (a test reads what the local SMS gateway wrote, as a user reads the SMS).
      const shop = shops.get(brand);
      if (!shop) res.writeHead(404).end();
      else void shop.then((s) => res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8' }).end(s.output()));
      return;
    }
    shopFor(brand).then(
      (shop) => {
        clients += 1;
        // 10.24.x.y: one address per asking file, never 127.0.0.1 (the address of fetches without it).
        const clientIp = `10.24.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ url: shop.url, clientIp }));
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  if (!address || typeof address !== 'object') throw new Error('e2e shop broker has no address');
  project.provide('e2eShops', `http://127.0.0.1:${address.port}`);

  return async () => {
    await new Promise<void>((resolve) => broker.close(() => resolve()));
    const failed = project.vitest.state.getFailedFilepaths().some((file) => file.includes('/e2e/'));
    mkdirSync(RESULTS, { recursive: true });
    for (const [brand, pending] of shops) {
      const shop = await pending.catch(() => undefined);
      if (!shop) continue; // its start failed: the error, with the log, went to the file that asked
      const died = !shop.running();
      await shop.stop();
      const log = shop.output();
      writeFileSync(`${RESULTS}/e2e-shop-${brand}.log`, log);
      if (failed || died) {
        console.log(
          `\n── e2e shop server (${brand})${died ? ' stopped during the run' : ''}: its log ──\n${log || '(empty)'}\n── end of the ${brand} shop's log ──`,
        );
      }
    }
  };
}
