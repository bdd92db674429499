import { defineModule } from '../../platform/module';
import { bulkSearchRoutes, spreadsheetRoutes } from './routes';

/**
 * The multi-number search and its spreadsheet import. Both controllers check the login before
 * the body is read; the spreadsheet template is public (`config: { public: true }`).
 */
export default defineModule({
  name: 'bulk-search',
  controllers: [
    { controller: 'Accessory', routes: bulkSearchRoutes },
    { controller: 'Accessories', routes: spreadsheetRoutes },
  ],
});
