/** Demo home content: the banner carousel and the hot keywords below the search box. */

export const DEMO_BANNERS: { picture: string; fileType: 'image' | 'video'; address: string }[] = [
  { picture: '/media/banners/1.svg', fileType: 'image', address: '/parts/new' },
  { picture: '/media/video/banner-promo.mp4', fileType: 'video', address: '' },
  { picture: '/media/banners/2.svg', fileType: 'image', address: '/parts/hot_recommend' },
  { picture: '/media/banners/3.svg', fileType: 'image', address: '/parts/list?brand_name_zh=%E5%A5%94%E9%A9%B0' },
  { picture: '/media/banners/4.svg', fileType: 'image', address: '/parts/stock' },
];

export const DEMO_HOT_KEYWORDS = [
  '刹车片',
  '机油滤清器',
  '火花塞',
  '宝马5系 刹车片',
  '减震器',
  '空调滤清器',
  '大灯总成',
  '水泵',
];
