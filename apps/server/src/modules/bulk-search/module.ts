import { defineModule } from '../../platform/module';
import { bulkSearchRoutes, spreadsheetRoutes } from './routes';

/**
 * The multi-number search and its spreadsheet import. The spreadsheet controller is public for
 * its template download; its import checks the login itself (app.requireLogin).
 */
export default defineModule({
  name: 'bulk-search',
  controllers: [
    { controller: 'Accessory', routes: bulkSearchRoutes },
    { controller: 'Accessories', routes: spreadsheetRoutes, auth: 'public' },
  ],
});
