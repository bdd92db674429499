/** Demo part details: kit contents, attribute values and question texts. */

/** Kinds sold as kits, with their contents (name, quantity). */
export const KIT_CONTENTS: Record<string, [string, number][]> = {
  'timing-chain-kit': [
    ['正时链条', 1],
    ['链条张紧器', 1],
    ['张紧导轨', 1],
    ['链条导轨', 2],
    ['曲轴链轮', 1],
  ],
  'brake-pad': [
    ['刹车片', 4],
    ['刹车片报警线', 1],
    ['消音片', 4],
  ],
  'wheel-bearing': [
    ['轮毂轴承', 1],
    ['轴承锁紧螺母', 1],
    ['卡簧', 1],
  ],
  'control-arm': [
    ['控制臂', 1],
    ['控制臂衬套', 2],
    ['球头螺栓', 1],
  ],
  'shock-absorber': [
    ['减震器', 1],
    ['减震器防尘套', 1],
    ['缓冲块', 1],
    ['减震器顶胶', 1],
  ],
  'drive-belt': [
    ['多楔皮带', 1],
    ['皮带张紧轮', 1],
    ['惰轮', 1],
  ],
  'water-pump': [
    ['水泵', 1],
    ['水泵密封垫', 1],
    ['固定螺栓', 6],
  ],
};

export const TYPE_NAMES: Record<string, string[]> = {
  'brake-pad': ['陶瓷', '低金属', '半金属'],
  'brake-disc': ['通风盘', '实心盘', '打孔盘'],
  'spark-plug': ['铱金', '双铂金', '镍合金'],
  'shock-absorber': ['双筒充气', '单筒充气', '液压'],
  'oil-filter': ['旋装式', '滤芯式'],
  'air-filter': ['纸质滤芯', '无纺布滤芯'],
  'cabin-filter': ['活性炭', '普通型', 'PM2.5'],
  'wiper-blade': ['无骨', '有骨', '三段式'],
};
export const DEFAULT_TYPE_NAMES = ['原厂件', '品牌件', 'OEM配套'];
export const COLORS = ['黑色', '银色', '灰色', '原色', '白色'];

export const QUESTIONS = [
  '这个配件和原厂件的尺寸完全一样吗？',
  '请问有没有质保，质保多久？',
  '我们的车是 2019 款，能装吗？',
  '一个车需要用几个？',
  '包装里带安装螺丝吗？',
  '北京仓什么时候能到货？',
  '能开专票吗？',
  '这个和老款的编号能通用吗？',
];

export const REPLIES = [
  '您好，与原厂件尺寸一致，可直接替换安装。',
  '质保一年或 3 万公里，以先到者为准。',
  '您好，请提供车架号，我们帮您核对适配。',
  '单车用量请参考详情页“配件信息”中的用量。',
  '包装内含安装螺丝和说明书。',
  '预计下周到货，可以先提交到货提醒。',
  '可以开具增值税专用发票，下单时备注即可。',
  '新旧编号可以通用，新编号为替代号。',
];

export const ADVANTAGE_TEXTS = [
  '原厂品质，严格检测，装车无忧',
  '高耐磨配方，使用寿命更长',
  '精密加工，尺寸与原厂一致',
  '全国联保，售后无忧',
];
