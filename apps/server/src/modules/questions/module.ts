import { defineModule } from '../../platform/module';
import routes from './routes';

/** Questions about a part. */
export default defineModule({ name: 'questions', controllers: [{ controller: 'RelatedQuestions', routes }] });
