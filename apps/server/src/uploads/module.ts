import { defineModule } from '../platform/module';
import routes from './routes';

/** POST /api/Base/upload (spec.md section 7) and the company's own stored files; dealers only. */
export default defineModule({ name: 'uploads', controllers: [{ prefix: '/api/Base', routes }] });
