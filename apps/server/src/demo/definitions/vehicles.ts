/**
 * Real vehicle makes, series and models (as sold in China) for the demo catalog. Each make
 * has an OE number style (see ../part-numbers.ts); `code` of a series or engine feeds the
 * number where the maker's numbering uses it (Mercedes chassis '205', VW '5G0', Honda 'TVA').
 */

export type OeStyle = 'mercedes' | 'bmw' | 'vag' | 'toyota' | 'honda' | 'landrover' | 'jaguar' | 'volvo';

export interface ModelDef {
  name: string;
  chassis: string;
  engine: string;
  transmission: string;
  displacement: string;
  yearFrom: number;
  yearTo: number | null;
  type: '轿车' | 'SUV' | 'MPV' | '跑车' | '旅行车';
}

export interface SeriesDef {
  name: string;
  /** Part of OE numbers for chassis parts (Mercedes '205', VAG '5G0', Toyota '33', Honda 'TVA', Jaguar 'T2H'). */
  code: string;
  models: ModelDef[];
}

export interface MakeDef {
  nameZh: string;
  nameEn: string;
  /** Short Latin key used in picture paths. */
  slug: string;
  style: OeStyle;
  /** How often a part is for this make. */
  weight: number;
  /** Engine code → part of OE numbers for engine parts (Mercedes '274', VAG '06L'). */
  engineCodes: Record<string, string>;
  series: SeriesDef[];
}

function m(
  name: string,
  chassis: string,
  engine: string,
  transmission: string,
  displacement: string,
  years: [number, number | null],
  type: ModelDef['type'] = '轿车',
): ModelDef {
  return { name, chassis, engine, transmission, displacement, yearFrom: years[0], yearTo: years[1], type };
}

export const MAKES: MakeDef[] = [
  {
    nameZh: '奔驰',
    nameEn: 'Mercedes-Benz',
    slug: 'benz',
    style: 'mercedes',
    weight: 16,
    engineCodes: { M264: '264', M274: '274', M256: '256', M276: '276', M282: '282', M254: '254' },
    series: [
      {
        name: 'C级',
        code: '205',
        models: [
          m('C 200 L 运动版', 'W205', 'M264', '9G-TRONIC 9挡手自一体', '1.5T', [2019, 2021]),
          m('C 260 L 豪华型', 'W205', 'M264', '9G-TRONIC 9挡手自一体', '1.5T', [2019, 2021]),
          m('C 200 L 时尚型', 'W205', 'M274', '7G-TRONIC 7挡手自一体', '2.0T', [2015, 2018]),
          m('C 260 L 4MATIC', 'W206', 'M254', '9G-TRONIC 9挡手自一体', '1.5T', [2022, null]),
        ],
      },
      {
        name: 'E级',
        code: '213',
        models: [
          m('E 300 L 时尚型', 'W213', 'M264', '9G-TRONIC 9挡手自一体', '2.0T', [2020, 2023]),
          m('E 260 L 运动型', 'W213', 'M264', '9G-TRONIC 9挡手自一体', '1.5T', [2020, 2023]),
          m('E 300 L 豪华型', 'W213', 'M274', '9G-TRONIC 9挡手自一体', '2.0T', [2016, 2019]),
        ],
      },
      {
        name: 'GLC',
        code: '253',
        models: [
          m('GLC 260 4MATIC 动感型', 'X253', 'M274', '9G-TRONIC 9挡手自一体', '2.0T', [2016, 2019], 'SUV'),
          m('GLC 300 L 4MATIC 豪华型', 'X253', 'M264', '9G-TRONIC 9挡手自一体', '2.0T', [2020, 2022], 'SUV'),
        ],
      },
      {
        name: 'S级',
        code: '222',
        models: [
          m('S 450 L 4MATIC', 'W222', 'M256', '9G-TRONIC 9挡手自一体', '3.0T', [2018, 2020]),
          m('S 320 L 商务型', 'W222', 'M276', '7G-TRONIC 7挡手自一体', '3.0T', [2014, 2017]),
        ],
      },
      {
        name: 'A级',
        code: '177',
        models: [m('A 200 L 运动轿车', 'W177', 'M282', '7G-DCT 7挡双离合', '1.3T', [2019, null])],
      },
    ],
  },
  {
    nameZh: '宝马',
    nameEn: 'BMW',
    slug: 'bmw',
    style: 'bmw',
    weight: 16,
    engineCodes: { B48B20: '8', N20B20: '7', B58B30: '9', B38A15: '8' },
    series: [
      {
        name: '3系',
        code: 'G28',
        models: [
          m('325Li M运动套装', 'G28', 'B48B20', '8挡手自一体', '2.0T', [2020, null]),
          m('320Li M运动套装', 'G28', 'B48B20', '8挡手自一体', '2.0T', [2020, null]),
          m('320Li 时尚型', 'F35', 'N20B20', '8挡手自一体', '2.0T', [2013, 2019]),
        ],
      },
      {
        name: '5系',
        code: 'G38',
        models: [
          m('530Li 领先型 M运动套装', 'G38', 'B48B20', '8挡手自一体', '2.0T', [2018, 2023]),
          m('540Li 行政型', 'G38', 'B58B30', '8挡手自一体', '3.0T', [2018, 2023]),
          m('525Li 豪华设计套装', 'F18', 'N20B20', '8挡手自一体', '2.0T', [2014, 2017]),
        ],
      },
      {
        name: 'X3',
        code: 'G08',
        models: [
          m('xDrive28i M运动套装', 'G08', 'B48B20', '8挡手自一体', '2.0T', [2018, null], 'SUV'),
          m('xDrive30i 领先型', 'G08', 'B48B20', '8挡手自一体', '2.0T', [2018, null], 'SUV'),
        ],
      },
      {
        name: 'X5',
        code: 'G05',
        models: [m('xDrive40i 尊享型 M运动套装', 'G05', 'B58B30', '8挡手自一体', '3.0T', [2019, null], 'SUV')],
      },
      {
        name: '1系',
        code: 'F52',
        models: [m('118i 时尚型', 'F52', 'B38A15', '7挡双离合', '1.5T', [2018, null])],
      },
    ],
  },
  {
    nameZh: '奥迪',
    nameEn: 'Audi',
    slug: 'audi',
    style: 'vag',
    weight: 12,
    engineCodes: { EA888: '06L', EA839: '06M', EA211: '04E' },
    series: [
      {
        name: 'A4L',
        code: '8W0',
        models: [
          m('40 TFSI 时尚动感型', 'B9', 'EA888', '7挡湿式双离合', '2.0T', [2017, null]),
          m('45 TFSI quattro 臻选动感型', 'B9', 'EA888', '7挡湿式双离合', '2.0T', [2017, null]),
        ],
      },
      {
        name: 'A6L',
        code: '4K0',
        models: [
          m('45 TFSI 臻选致雅型', 'C8', 'EA888', '7挡湿式双离合', '2.0T', [2019, null]),
          m('55 TFSI quattro 旗舰致雅型', 'C8', 'EA839', '7挡湿式双离合', '3.0T', [2019, null]),
        ],
      },
      {
        name: 'Q5L',
        code: '80A',
        models: [
          m('40 TFSI 荣享进取型', 'FY', 'EA888', '7挡湿式双离合', '2.0T', [2018, null], 'SUV'),
          m('45 TFSI 尊享时尚型', 'FY', 'EA888', '7挡湿式双离合', '2.0T', [2018, null], 'SUV'),
        ],
      },
      {
        name: 'A3',
        code: '8V0',
        models: [m('Sportback 35 TFSI 进取型', '8V', 'EA211', '7挡干式双离合', '1.4T', [2014, 2020])],
      },
    ],
  },
  {
    nameZh: '路虎',
    nameEn: 'Land Rover',
    slug: 'landrover',
    style: 'landrover',
    weight: 7,
    engineCodes: { '306PS': '', PT204: '', '508PS': '' },
    series: [
      {
        name: '揽胜',
        code: 'L405',
        models: [
          m('3.0 V6 SC Vogue', 'L405', '306PS', '8挡手自一体', '3.0T', [2013, 2017], 'SUV'),
          m('5.0 V8 SC 创世加长版', 'L405', '508PS', '8挡手自一体', '5.0T', [2014, 2021], 'SUV'),
        ],
      },
      {
        name: '揽胜运动',
        code: 'L494',
        models: [
          m('3.0 V6 SC HSE', 'L494', '306PS', '8挡手自一体', '3.0T', [2014, 2017], 'SUV'),
          m('P300 HSE', 'L494', 'PT204', '8挡手自一体', '2.0T', [2018, 2022], 'SUV'),
        ],
      },
      {
        name: '发现神行',
        code: 'L550',
        models: [m('249PS R-Dynamic SE', 'L550', 'PT204', '9挡手自一体', '2.0T', [2015, null], 'SUV')],
      },
      {
        name: '揽胜极光',
        code: 'L538',
        models: [m('240PS 智耀版', 'L538', 'PT204', '9挡手自一体', '2.0T', [2015, 2019], 'SUV')],
      },
    ],
  },
  {
    nameZh: '沃尔沃',
    nameEn: 'Volvo',
    slug: 'volvo',
    style: 'volvo',
    weight: 7,
    engineCodes: { B4204T: '', B420T2: '' },
    series: [
      {
        name: 'XC60',
        code: 'XC60',
        models: [
          m('T5 四驱智逸豪华版', 'UZ', 'B4204T', '8挡手自一体', '2.0T', [2018, 2021], 'SUV'),
          m('B5 四驱智远豪华版', 'UZ', 'B420T2', '8挡手自一体', '2.0T', [2022, null], 'SUV'),
        ],
      },
      {
        name: 'S90',
        code: 'S90',
        models: [m('T5 智逸豪华版', 'PS', 'B4204T', '8挡手自一体', '2.0T', [2017, 2021])],
      },
      {
        name: 'XC90',
        code: 'XC90',
        models: [m('T6 智雅豪华版 7座', 'LF', 'B4204T', '8挡手自一体', '2.0T', [2015, 2021], 'SUV')],
      },
      {
        name: 'S60L',
        code: 'S60',
        models: [m('T4 智远版', 'ZS', 'B4204T', '8挡手自一体', '2.0T', [2020, null])],
      },
    ],
  },
  {
    nameZh: '大众',
    nameEn: 'Volkswagen',
    slug: 'vw',
    style: 'vag',
    weight: 14,
    engineCodes: { EA888: '06L', EA211: '04E' },
    series: [
      {
        name: '帕萨特',
        code: '3G0',
        models: [
          m('330TSI 豪华版', 'B8', 'EA888', '7挡湿式双离合', '2.0T', [2019, null]),
          m('280TSI 精英版', 'B8', 'EA211', '7挡干式双离合', '1.4T', [2019, null]),
        ],
      },
      {
        name: '迈腾',
        code: '3G1',
        models: [
          m('330TSI DSG 豪华型', 'B8', 'EA888', '7挡湿式双离合', '2.0T', [2017, null]),
          m('280TSI DSG 领先型', 'B8', 'EA211', '7挡干式双离合', '1.4T', [2017, null]),
        ],
      },
      {
        name: '途观L',
        code: '5NA',
        models: [
          m('330TSI 自动两驱豪华版', '5N', 'EA888', '7挡湿式双离合', '2.0T', [2017, null], 'SUV'),
          m('280TSI 自动两驱智享版', '5N', 'EA211', '7挡干式双离合', '1.4T', [2017, 2021], 'SUV'),
        ],
      },
      {
        name: '高尔夫',
        code: '5G0',
        models: [
          m('280TSI DSG 舒适型', 'MK7', 'EA211', '7挡干式双离合', '1.4T', [2014, 2019]),
          m('GTI 2.0TSI', 'MK7', 'EA888', '6挡湿式双离合', '2.0T', [2016, 2020]),
        ],
      },
      {
        name: '朗逸',
        code: '18D',
        models: [m('1.5L 自动舒适版', 'VS', 'EA211', '6挡手自一体', '1.5L', [2018, null])],
      },
    ],
  },
  {
    nameZh: '丰田',
    nameEn: 'Toyota',
    slug: 'toyota',
    style: 'toyota',
    weight: 10,
    engineCodes: {
      'A25A-FKS': '25',
      'M20A-FKS': '25',
      '8NR-FTS': '47',
      '2ZR-FXE': '37',
      'A25A-FXS': '25',
      '8AR-FTS': '36',
    },
    series: [
      {
        name: '凯美瑞',
        code: '33',
        models: [
          m('2.5G 豪华版', 'XV70', 'A25A-FKS', '8挡手自一体', '2.5L', [2018, null]),
          m('2.0G 豪华版', 'XV70', 'M20A-FKS', 'CVT无级变速', '2.0L', [2018, null]),
          m('双擎 2.5HG 豪华版', 'XV70', 'A25A-FXS', 'E-CVT无级变速', '2.5L', [2018, null]),
        ],
      },
      {
        name: '卡罗拉',
        code: '02',
        models: [
          m('1.2T S-CVT 精英版', 'E210', '8NR-FTS', 'CVT无级变速', '1.2T', [2019, null]),
          m('双擎 1.8L E-CVT 精英版', 'E210', '2ZR-FXE', 'E-CVT无级变速', '1.8L', [2019, null]),
        ],
      },
      {
        name: 'RAV4荣放',
        code: '42',
        models: [
          m('2.0L CVT 两驱风尚版', 'XA50', 'M20A-FKS', 'CVT无级变速', '2.0L', [2020, null], 'SUV'),
          m('双擎 2.5L E-CVT 四驱精英版', 'XA50', 'A25A-FXS', 'E-CVT无级变速', '2.5L', [2020, null], 'SUV'),
        ],
      },
      {
        name: '汉兰达',
        code: '48',
        models: [
          m('2.0T 四驱豪华版 7座', 'XU50', '8AR-FTS', '6挡手自一体', '2.0T', [2015, 2021], 'SUV'),
          m('双擎 2.5L 四驱豪华版 7座', 'XU70', 'A25A-FXS', 'E-CVT无级变速', '2.5L', [2022, null], 'SUV'),
        ],
      },
    ],
  },
  {
    nameZh: '本田',
    nameEn: 'Honda',
    slug: 'honda',
    style: 'honda',
    weight: 8,
    engineCodes: { L15BU: '59B', LFB11: '5K0', L15B8: '59B', L15BY: '59B', K24W: '5A2' },
    series: [
      {
        name: '雅阁',
        code: 'TVA',
        models: [
          m('260TURBO 豪华版', 'CV', 'L15BU', 'CVT无级变速', '1.5T', [2018, null]),
          m('锐·混动 2.0L 锐领版', 'CV', 'LFB11', 'E-CVT无级变速', '2.0L', [2018, null]),
        ],
      },
      {
        name: '思域',
        code: 'TBA',
        models: [m('220TURBO CVT 豪华版', 'FC', 'L15B8', 'CVT无级变速', '1.5T', [2016, 2021])],
      },
      {
        name: 'CR-V',
        code: 'TLA',
        models: [m('240TURBO CVT 两驱舒适版', 'RW', 'L15BY', 'CVT无级变速', '1.5T', [2017, 2022], 'SUV')],
      },
      {
        name: '奥德赛',
        code: 'T6A',
        models: [m('2.4L 至尊版', 'RC', 'K24W', 'CVT无级变速', '2.4L', [2015, 2021], 'MPV')],
      },
    ],
  },
  {
    nameZh: '保时捷',
    nameEn: 'Porsche',
    slug: 'porsche',
    style: 'vag',
    weight: 5,
    engineCodes: { DCB: '9A7', DCU: '9A7', DLH: '06K', CTM: '9A7' },
    series: [
      {
        name: 'Cayenne',
        code: '9Y0',
        models: [
          m('Cayenne 3.0T', 'E3', 'DCB', '8挡手自一体', '3.0T', [2018, null], 'SUV'),
          m('Cayenne S 2.9T', 'E3', 'DCU', '8挡手自一体', '2.9T', [2018, null], 'SUV'),
        ],
      },
      {
        name: 'Macan',
        code: '95B',
        models: [
          m('Macan 2.0T', '95B', 'DLH', '7挡双离合 PDK', '2.0T', [2018, null], 'SUV'),
          m('Macan S 3.0T', '95B', 'CTM', '7挡双离合 PDK', '3.0T', [2014, 2018], 'SUV'),
        ],
      },
      {
        name: 'Panamera',
        code: '971',
        models: [m('Panamera 4 行政加长版 2.9T', '971', 'DCU', '8挡双离合 PDK', '2.9T', [2017, null], '跑车')],
      },
    ],
  },
  {
    nameZh: '捷豹',
    nameEn: 'Jaguar',
    slug: 'jaguar',
    style: 'jaguar',
    weight: 5,
    engineCodes: { PT204: 'T2H', '306PS': 'C2Z' },
    series: [
      {
        name: 'XFL',
        code: 'T2H',
        models: [m('XFL 2.0T P250 精英豪华版', 'X260', 'PT204', '8挡手自一体', '2.0T', [2016, null])],
      },
      {
        name: 'XEL',
        code: 'T4N',
        models: [m('XEL 2.0T 200PS 豪华版', 'X760', 'PT204', '8挡手自一体', '2.0T', [2018, null])],
      },
      {
        name: 'F-PACE',
        code: 'T4A',
        models: [
          m('F-PACE 2.0T 250PS 都市尊享版', 'X761', 'PT204', '8挡手自一体', '2.0T', [2016, null], 'SUV'),
          m('F-PACE 3.0T SC S 高性能版', 'X761', '306PS', '8挡手自一体', '3.0T', [2016, 2020], 'SUV'),
        ],
      },
    ],
  },
];

export function seriesDisplayName(make: MakeDef, series: SeriesDef): string {
  return `${make.nameZh}${series.name}`;
}
