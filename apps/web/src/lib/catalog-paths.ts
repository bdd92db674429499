/**
 * The parts list of one make (/parts/list filtered by brand_name_zh, makes.name_zh): the home
 * page's main-brand tiles, the list's own breadcrumb and the VIN page's way on link to it.
 */
export const partsOfMakePath = (make: string) => `/parts/list?brand_name_zh=${encodeURIComponent(make)}`;
