import { configure } from '@testing-library/react';

// Each test renders the whole back office (router, layout, tables): a busy machine needs longer
// than the default second before a screen settles.
configure({ asyncUtilTimeout: 5000 });
