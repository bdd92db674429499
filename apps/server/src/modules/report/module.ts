import { defineModule } from '../../platform/module';
import routes from './routes';

/** The partner report for main accounts (docs/report.md). */
export default defineModule({
  name: 'report',
  flag: 'report',
  controllers: [{ controller: 'Report', routes }],
});
