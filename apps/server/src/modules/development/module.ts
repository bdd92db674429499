import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** 'I want to develop': dealers ask for parts and like each other's requests; customer service answers. */
export default defineModule({
  name: 'development',
  controllers: [{ controller: 'CustomerProductDevelopment', routes }],
  adminRoutes,
  permissions: ['service.answer'],
});
