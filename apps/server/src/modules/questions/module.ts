import { defineModule } from '../../platform/module';
import adminRoutes from './admin-routes';
import routes from './routes';

/** Questions about a part, and the staff's answers (each answer becomes the asker's message). */
export default defineModule({
  name: 'questions',
  controllers: [{ controller: 'RelatedQuestions', routes }],
  adminRoutes,
  permissions: ['service.answer'],
});
