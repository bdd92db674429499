import { defineModule } from '../../platform/module';
import carTreeRoutes from './car-tree-routes';
import routes from './routes';

/** Categories, product lists and the vehicle tree. */
export default defineModule({
  name: 'catalog',
  controllers: [
    { controller: 'Index', routes },
    { controller: 'Accessories', routes: carTreeRoutes },
  ],
});
