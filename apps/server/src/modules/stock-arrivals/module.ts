import { defineModule } from '../../platform/module';
import routes from './routes';

/** Stock arrivals: spec.md's paths under Index, and their own controller name. */
export default defineModule({
  name: 'stock-arrivals',
  controllers: [
    { controller: 'StockArrival', routes },
    { controller: 'Index', routes },
  ],
});
