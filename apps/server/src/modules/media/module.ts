import { defineModule } from '../../platform/module';
import routes from './routes';

/** Part pictures, banners, vehicle pictures and videos under /media (no login: images load without a token). */
export default defineModule({ name: 'media', controllers: [{ prefix: '/media', routes, auth: 'public' }] });
