import { defineModule } from '../../platform/module';
import routes from './routes';
import { FIRST_ROLLUP_AFTER_MS, rollUpSearchLogs, SEARCH_LOG_ROLLUP_MS } from './search-log-rollup';

/** The part search, and the hourly roll-up of its log. */
export default defineModule({
  name: 'search',
  controllers: [{ controller: 'Accessory', routes }],
  jobs: [
    {
      name: 'search-log-rollup',
      intervalMs: SEARCH_LOG_ROLLUP_MS,
      firstAfterMs: FIRST_ROLLUP_AFTER_MS,
      run: (db) => rollUpSearchLogs(db),
    },
  ],
});
