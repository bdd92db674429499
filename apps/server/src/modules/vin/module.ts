import { defineModule } from '../../platform/module';
import ocrRoutes from './ocr-routes';
import routes from './routes';

/** The VIN lookup, and the VIN photo reader (spec.md section 7: POST /api/Vin/ocr, not a Shop controller). */
export default defineModule({
  name: 'vin',
  controllers: [
    { controller: 'Vin', routes },
    { prefix: '/api/Vin', routes: ocrRoutes },
  ],
});
