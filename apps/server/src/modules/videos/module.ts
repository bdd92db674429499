import { defineModule } from '../../platform/module';
import routes from './routes';

/** Videos (not a Shop controller: /api/Tools.Video). */
export default defineModule({ name: 'videos', controllers: [{ prefix: '/api/Tools.Video', routes }] });
