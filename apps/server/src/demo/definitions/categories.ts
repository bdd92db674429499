/**
 * The demo category tree: five groups (level 1), their sub-groups (level 2) and part kinds
 * (level 3, where products hang). A part kind knows how its parts are named, priced and
 * packed, whether they fit an engine or a vehicle series, the makers' OE group codes and the
 * aftermarket brands whose numbers are listed as replacements.
 */

/** Simple drawings of the part pictures (modules/media draws them). */
export type PartIcon =
  | 'disc'
  | 'pad'
  | 'filter'
  | 'plug'
  | 'coil'
  | 'pump'
  | 'shock'
  | 'arm'
  | 'bearing'
  | 'lamp'
  | 'bulb'
  | 'sensor'
  | 'motor'
  | 'battery'
  | 'belt'
  | 'blade'
  | 'bottle'
  | 'panel'
  | 'chain'
  | 'box';

export interface PartKind {
  /** Latin key, used in picture paths. */
  slug: string;
  /** The level-3 category name. */
  name: string;
  /** Product names (l_name_zh) of this kind. */
  names: string[];
  /** Dealer price range in yuan. */
  price: [number, number];
  /** Carton sizes (outbox_fcl_quantity); 0 means not sold by the carton. */
  carton: number[];
  /** Engine parts fit every model with the engine; the others fit a vehicle series. */
  fits: 'engine' | 'series';
  /** OE group codes 'mercedes/bmw/vag/toyota/honda' (e.g. '420/3411/698/04465/45022'). */
  oe: string;
  /** Aftermarket [factory, number pattern] pairs ('#' digit, '@' letter, '*' either). */
  replacements: [string, string][];
  icon: PartIcon;
  /** Relative share of the catalog. */
  weight: number;
}

export interface CategoryGroupDef {
  name: string;
  children: { name: string; kinds: PartKind[] }[];
}

function kind(def: Omit<PartKind, 'weight'> & { weight?: number }): PartKind {
  return { weight: 1, ...def };
}

export const CATEGORY_TREE: CategoryGroupDef[] = [
  {
    name: '发动机系统',
    children: [
      {
        name: '点火系统',
        kinds: [
          kind({
            slug: 'spark-plug',
            name: '火花塞',
            names: ['火花塞', '铱金火花塞', '双铂金火花塞'],
            price: [35, 95],
            carton: [4, 10, 20],
            fits: 'engine',
            oe: '159/1212/905/90919/12290',
            icon: 'plug',
            weight: 1.5,
            replacements: [
              ['BOSCH', '0 242 ### ###'],
              ['NGK', '#####'],
              ['DENSO', 'IXEH##TT'],
            ],
          }),
          kind({
            slug: 'ignition-coil',
            name: '点火线圈',
            names: ['点火线圈', '高压包'],
            price: [180, 480],
            carton: [4, 6, 0],
            fits: 'engine',
            oe: '906/1213/905/90919/30520',
            icon: 'coil',
            replacements: [
              ['BOSCH', '0 221 ### ###'],
              ['BERU', 'ZSE###'],
              ['DELPHI', 'GN10###-12B1'],
            ],
          }),
        ],
      },
      {
        name: '正时系统',
        kinds: [
          kind({
            slug: 'timing-chain-kit',
            name: '正时链条套件',
            names: ['正时链条套件', '正时链条修理包'],
            price: [900, 2800],
            carton: [0, 1],
            fits: 'engine',
            oe: '997/1131/109/13506/14401',
            icon: 'chain',
            replacements: [
              ['INA', '559 #### ##'],
              ['FEBI', '#####'],
              ['SWAG', '## ## ####'],
            ],
          }),
          kind({
            slug: 'tensioner',
            name: '张紧轮',
            names: ['皮带张紧轮', '正时张紧器', '张紧轮总成'],
            price: [150, 460],
            carton: [5, 10],
            fits: 'engine',
            oe: '200/1128/903/16620/31170',
            icon: 'bearing',
            replacements: [
              ['INA', '534 #### ##'],
              ['GATES', 'T3####'],
              ['SKF', 'VKM #####'],
            ],
          }),
          kind({
            slug: 'idler-pulley',
            name: '惰轮',
            names: ['惰轮', '导向轮'],
            price: [90, 260],
            carton: [10, 20],
            fits: 'engine',
            oe: '202/1128/145/16603/31180',
            icon: 'bearing',
            replacements: [
              ['INA', '532 #### ##'],
              ['GATES', 'T3####'],
              ['SKF', 'VKM #####'],
            ],
          }),
        ],
      },
      {
        name: '冷却系统',
        kinds: [
          kind({
            slug: 'water-pump',
            name: '水泵',
            names: ['水泵', '电子水泵', '水泵总成'],
            price: [380, 1500],
            carton: [0, 4],
            fits: 'engine',
            oe: '200/1151/121/16100/19200',
            icon: 'pump',
            replacements: [
              ['GRAF', 'PA####'],
              ['PIERBURG', '7.#####.##.0'],
              ['GATES', 'WP####'],
            ],
          }),
          kind({
            slug: 'thermostat',
            name: '节温器',
            names: ['节温器', '节温器总成'],
            price: [150, 650],
            carton: [5, 10],
            fits: 'engine',
            oe: '203/1153/121/90916/19301',
            icon: 'pump',
            replacements: [
              ['MAHLE', 'TM ## ###'],
              ['WAHLER', '####.##D'],
              ['GATES', 'TH#####G1'],
            ],
          }),
          kind({
            slug: 'radiator',
            name: '散热器',
            names: ['水箱散热器', '散热器总成'],
            price: [650, 2200],
            carton: [0, 1],
            fits: 'series',
            oe: '500/1711/121/16400/19010',
            icon: 'panel',
            replacements: [
              ['MAHLE', 'CR #### ###S'],
              ['NISSENS', '#####'],
              ['VALEO', '######'],
            ],
          }),
          kind({
            slug: 'cooling-fan',
            name: '电子扇',
            names: ['电子扇总成', '散热风扇'],
            price: [900, 2600],
            carton: [0, 1],
            fits: 'series',
            oe: '906/1742/959/16361/19015',
            icon: 'motor',
            replacements: [
              ['MAHLE', 'CFF ### ###S'],
              ['NISSENS', '#####'],
              ['VALEO', '######'],
            ],
          }),
        ],
      },
      {
        name: '燃油喷射',
        kinds: [
          kind({
            slug: 'injector',
            name: '喷油嘴',
            names: ['喷油嘴', '高压喷油嘴'],
            price: [380, 1200],
            carton: [4, 6],
            fits: 'engine',
            oe: '070/1353/906/23209/16450',
            icon: 'plug',
            replacements: [
              ['BOSCH', '0 261 500 ###'],
              ['CONTINENTAL', 'A2C#######'],
              ['DENSO', 'DIN-####'],
            ],
          }),
          kind({
            slug: 'fuel-pump',
            name: '燃油泵',
            names: ['燃油泵', '汽油泵总成', '高压油泵'],
            price: [450, 1600],
            carton: [0, 2],
            fits: 'engine',
            oe: '470/1611/919/23220/17045',
            icon: 'pump',
            replacements: [
              ['BOSCH', '0 580 ### ###'],
              ['VDO', 'A2C#######'],
              ['PIERBURG', '7.#####.##.0'],
            ],
          }),
          kind({
            slug: 'throttle-body',
            name: '节气门',
            names: ['电子节气门', '节气门体'],
            price: [800, 2400],
            carton: [0, 2],
            fits: 'engine',
            oe: '141/1354/133/22030/16400',
            icon: 'box',
            replacements: [
              ['BOSCH', '0 280 750 ###'],
              ['PIERBURG', '7.#####.##.0'],
              ['VDO', 'A2C#######'],
            ],
          }),
        ],
      },
      {
        name: '进气及增压',
        kinds: [
          kind({
            slug: 'turbocharger',
            name: '涡轮增压器',
            names: ['涡轮增压器', '增压器总成'],
            price: [3200, 9800],
            carton: [0, 1],
            fits: 'engine',
            oe: '090/1165/145/17201/18900',
            icon: 'pump',
            replacements: [
              ['GARRETT', '######-####'],
              ['BORGWARNER', '#####-###-####'],
            ],
          }),
          kind({
            slug: 'intake-hose',
            name: '进气管',
            names: ['进气软管', '增压管', '中冷器进气管'],
            price: [120, 480],
            carton: [5, 10],
            fits: 'engine',
            oe: '090/1361/129/17881/17228',
            icon: 'belt',
            replacements: [
              ['FEBI', '#####'],
              ['MEYLE', '### ### ####'],
              ['TOPRAN', '### ###'],
            ],
          }),
        ],
      },
      {
        name: '发动机支撑',
        kinds: [
          kind({
            slug: 'engine-mount',
            name: '发动机脚垫',
            names: ['发动机脚垫', '左发动机支架', '右发动机支架'],
            price: [260, 980],
            carton: [2, 4],
            fits: 'series',
            oe: '240/2211/199/12361/50820',
            icon: 'box',
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['FEBI', '#####'],
              ['CORTECO', '########'],
            ],
          }),
          kind({
            slug: 'transmission-mount',
            name: '变速箱支撑',
            names: ['变速箱支撑', '变速箱脚垫'],
            price: [200, 700],
            carton: [2, 4],
            fits: 'series',
            oe: '240/2231/399/12371/50850',
            icon: 'box',
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['FEBI', '#####'],
            ],
          }),
        ],
      },
    ],
  },
  {
    name: '底盘系统',
    children: [
      {
        name: '制动系统',
        kinds: [
          kind({
            slug: 'brake-pad',
            name: '刹车片',
            names: ['前刹车片', '后刹车片', '前刹车片（陶瓷）', '后刹车片（带报警线）'],
            price: [180, 680],
            carton: [10, 20],
            fits: 'series',
            oe: '420/3411/698/04465/45022',
            icon: 'pad',
            weight: 3,
            replacements: [
              ['BOSCH', '0 986 494 ###'],
              ['TRW', 'GDB####'],
              ['ATE', '13.0460-####.2'],
              ['BREMBO', 'P ## ###'],
              ['TEXTAR', '24#####'],
            ],
          }),
          kind({
            slug: 'brake-disc',
            name: '刹车盘',
            names: ['前刹车盘', '后刹车盘', '前刹车盘（打孔）'],
            price: [260, 1200],
            carton: [2, 4],
            fits: 'series',
            oe: '421/3411/615/43512/45251',
            icon: 'disc',
            weight: 2.5,
            replacements: [
              ['BOSCH', '0 986 479 ###'],
              ['TRW', 'DF####'],
              ['ATE', '24.01##-####.1'],
              ['BREMBO', '09.@###.##'],
            ],
          }),
          kind({
            slug: 'brake-caliper',
            name: '刹车分泵',
            names: ['左前刹车分泵', '右前刹车分泵', '左后刹车分泵', '右后刹车分泵'],
            price: [600, 2400],
            carton: [0, 2],
            fits: 'series',
            oe: '420/3411/615/47730/45018',
            icon: 'box',
            replacements: [
              ['TRW', 'BHN###'],
              ['ATE', '24.3###-####.5'],
              ['BOSCH', '0 986 134 ###'],
            ],
          }),
          kind({
            slug: 'brake-wear-sensor',
            name: '刹车感应线',
            names: ['前刹车感应线', '后刹车感应线'],
            price: [45, 150],
            carton: [10, 20, 50],
            fits: 'series',
            oe: '540/3435/615/04478/45130',
            icon: 'sensor',
            replacements: [
              ['TEXTAR', '98044###'],
              ['BOSCH', '1 987 473 ###'],
              ['ATE', '24.8190-####.2'],
            ],
          }),
        ],
      },
      {
        name: '悬挂系统',
        kinds: [
          kind({
            slug: 'shock-absorber',
            name: '减震器',
            names: ['前减震器', '后减震器', '左前减震器总成', '右前减震器总成', '后空气减震器'],
            price: [450, 2600],
            carton: [0, 2],
            fits: 'series',
            oe: '320/3131/413/48510/51610',
            icon: 'shock',
            weight: 1.5,
            replacements: [
              ['SACHS', '### ###'],
              ['BILSTEIN', '##-######'],
              ['KYB', '######'],
              ['MONROE', 'G####'],
            ],
          }),
          kind({
            slug: 'control-arm',
            name: '下摆臂',
            names: ['左前下摆臂', '右前下摆臂', '前下摆臂（后）', '后上摆臂'],
            price: [280, 1200],
            carton: [0, 2, 4],
            fits: 'series',
            oe: '330/3112/407/48068/51350',
            icon: 'arm',
            weight: 1.5,
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['TRW', 'JTC####'],
              ['FEBI', '#####'],
              ['MEYLE', '### ### ####/HD'],
            ],
          }),
          kind({
            slug: 'stabilizer-link',
            name: '平衡杆连杆',
            names: ['前平衡杆连杆', '后平衡杆连杆'],
            price: [80, 260],
            carton: [10, 20],
            fits: 'series',
            oe: '320/3130/411/48820/51320',
            icon: 'arm',
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['TRW', 'JTS###'],
              ['FEBI', '#####'],
            ],
          }),
          kind({
            slug: 'ball-joint',
            name: '球头',
            names: ['下摆臂球头', '上摆臂球头'],
            price: [120, 380],
            carton: [10, 20],
            fits: 'series',
            oe: '330/3110/407/43330/51220',
            icon: 'arm',
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['TRW', 'JBJ###'],
              ['FEBI', '#####'],
            ],
          }),
        ],
      },
      {
        name: '转向系统',
        kinds: [
          kind({
            slug: 'tie-rod-end',
            name: '横拉杆球头',
            names: ['左横拉杆球头', '右横拉杆球头', '转向横拉杆'],
            price: [100, 360],
            carton: [10, 20],
            fits: 'series',
            oe: '330/3210/423/45046/53540',
            icon: 'arm',
            replacements: [
              ['LEMFÖRDER', '##### ##'],
              ['TRW', 'JTE####'],
              ['FEBI', '#####'],
            ],
          }),
          kind({
            slug: 'steering-rack',
            name: '方向机',
            names: ['电子助力方向机', '方向机总成'],
            price: [2600, 8800],
            carton: [0, 1],
            fits: 'series',
            oe: '460/3210/423/44200/53601',
            icon: 'arm',
            replacements: [
              ['TRW', 'JRP###'],
              ['ZF', '7805.###.###'],
            ],
          }),
          kind({
            slug: 'power-steering-pump',
            name: '转向助力泵',
            names: ['转向助力泵', '方向机助力泵'],
            price: [900, 2600],
            carton: [0, 1],
            fits: 'engine',
            oe: '466/3241/145/44310/56100',
            icon: 'pump',
            replacements: [
              ['ZF', '7693.###.###'],
              ['TRW', 'JPR###'],
            ],
          }),
        ],
      },
      {
        name: '传动系统',
        kinds: [
          kind({
            slug: 'wheel-bearing',
            name: '轮毂轴承',
            names: ['前轮毂轴承', '后轮毂轴承', '前轮毂轴承单元'],
            price: [260, 900],
            carton: [0, 4, 10],
            fits: 'series',
            oe: '334/3120/498/90369/44300',
            icon: 'bearing',
            replacements: [
              ['SKF', 'VKBA ####'],
              ['FAG', '713 6## ###'],
              ['SNR', 'R1##.##'],
            ],
          }),
          kind({
            slug: 'drive-shaft',
            name: '半轴',
            names: ['左前半轴', '右前半轴', '后半轴总成'],
            price: [800, 2600],
            carton: [0, 1],
            fits: 'series',
            oe: '330/3160/407/43410/44305',
            icon: 'arm',
            replacements: [
              ['GKN', '30####'],
              ['SKF', 'VKJC ####'],
            ],
          }),
        ],
      },
    ],
  },
  {
    name: '电气系统',
    children: [
      {
        name: '照明系统',
        kinds: [
          kind({
            slug: 'headlight',
            name: '大灯总成',
            names: ['左大灯总成', '右大灯总成', 'LED大灯总成（左）', 'LED大灯总成（右）'],
            price: [2600, 12800],
            carton: [0, 1],
            fits: 'series',
            oe: '906/6311/941/81110/33100',
            icon: 'lamp',
            replacements: [
              ['HELLA', '1EX 0## ###-0##'],
              ['VALEO', '######'],
              ['MAGNETI MARELLI', '7#########'],
            ],
          }),
          kind({
            slug: 'tail-light',
            name: '尾灯总成',
            names: ['左尾灯', '右尾灯', '左尾灯（外侧）', '右尾灯（内侧）'],
            price: [700, 3200],
            carton: [0, 1, 2],
            fits: 'series',
            oe: '906/6321/945/81551/33500',
            icon: 'lamp',
            replacements: [
              ['HELLA', '2SD 0## ###-0##'],
              ['VALEO', '######'],
              ['ULO', '####-##'],
            ],
          }),
          kind({
            slug: 'fog-light',
            name: '雾灯',
            names: ['左前雾灯', '右前雾灯', '后雾灯'],
            price: [200, 900],
            carton: [0, 2, 4],
            fits: 'series',
            oe: '906/6317/941/81210/33900',
            icon: 'lamp',
            replacements: [
              ['HELLA', '1N0 0## ###-0##'],
              ['VALEO', '######'],
            ],
          }),
          kind({
            slug: 'bulb',
            name: '灯泡',
            names: ['氙气灯泡', 'LED灯泡', '卤素灯泡'],
            price: [80, 400],
            carton: [10, 20, 50],
            fits: 'series',
            oe: '982/6321/941/90981/33116',
            icon: 'bulb',
            replacements: [
              ['OSRAM', '66###CBN'],
              ['PHILIPS', '85###C1'],
              ['HELLA', '8GS 0## ###-###'],
            ],
          }),
        ],
      },
      {
        name: '传感器',
        kinds: [
          kind({
            slug: 'abs-sensor',
            name: 'ABS传感器',
            names: ['前ABS轮速传感器', '后ABS轮速传感器'],
            price: [120, 480],
            carton: [10, 20],
            fits: 'series',
            oe: '905/3452/927/89542/57450',
            icon: 'sensor',
            replacements: [
              ['BOSCH', '0 265 00# ###'],
              ['ATE', '24.0711-####.3'],
              ['FEBI', '#####'],
            ],
          }),
          kind({
            slug: 'oxygen-sensor',
            name: '氧传感器',
            names: ['前氧传感器', '后氧传感器'],
            price: [260, 980],
            carton: [5, 10],
            fits: 'engine',
            oe: '540/1178/906/89467/36531',
            icon: 'sensor',
            replacements: [
              ['BOSCH', '0 258 0## ###'],
              ['NTK', '#####'],
              ['DENSO', 'DOX-####'],
            ],
          }),
          kind({
            slug: 'crankshaft-sensor',
            name: '曲轴位置传感器',
            names: ['曲轴位置传感器', '凸轮轴位置传感器'],
            price: [160, 520],
            carton: [10, 20],
            fits: 'engine',
            oe: '905/1362/906/90919/37500',
            icon: 'sensor',
            replacements: [
              ['BOSCH', '0 261 210 ###'],
              ['HELLA', '6PU 009 ###-###'],
              ['FEBI', '#####'],
            ],
          }),
          kind({
            slug: 'tpms-sensor',
            name: '胎压传感器',
            names: ['胎压传感器', '胎压监测传感器'],
            price: [180, 460],
            carton: [4, 10],
            fits: 'series',
            oe: '905/3610/907/42607/42753',
            icon: 'sensor',
            replacements: [
              ['SCHRADER', '####'],
              ['VDO', 'S180######'],
              ['HUF', '73.9#.###'],
            ],
          }),
        ],
      },
      {
        name: '启动充电',
        kinds: [
          kind({
            slug: 'alternator',
            name: '发电机',
            names: ['发电机', '发电机总成'],
            price: [1500, 4600],
            carton: [0, 1],
            fits: 'engine',
            oe: '154/1231/903/27060/31100',
            icon: 'motor',
            replacements: [
              ['BOSCH', '0 125 ### ###'],
              ['VALEO', '######'],
              ['DENSO', 'DAN####'],
            ],
          }),
          kind({
            slug: 'starter',
            name: '起动机',
            names: ['起动机', '马达总成'],
            price: [1200, 3800],
            carton: [0, 1],
            fits: 'engine',
            oe: '151/1241/911/28100/31200',
            icon: 'motor',
            replacements: [
              ['BOSCH', '0 001 ### ###'],
              ['VALEO', '######'],
              ['DENSO', 'DSN####'],
            ],
          }),
          kind({
            slug: 'battery',
            name: '蓄电池',
            names: ['蓄电池 70Ah', '蓄电池 80Ah', 'AGM启停蓄电池 95Ah'],
            price: [650, 2200],
            carton: [0, 1],
            fits: 'series',
            oe: '982/6121/915/28800/31500',
            icon: 'battery',
            replacements: [
              ['VARTA', '### ### ###'],
              ['BOSCH', '0 092 S5# 0##'],
            ],
          }),
        ],
      },
      {
        name: '车身电器',
        kinds: [
          kind({
            slug: 'wiper-motor',
            name: '雨刮电机',
            names: ['前雨刮电机', '后雨刮电机'],
            price: [480, 1500],
            carton: [0, 2],
            fits: 'series',
            oe: '820/6163/955/85110/76505',
            icon: 'motor',
            replacements: [
              ['BOSCH', '0 390 241 ###'],
              ['VALEO', '######'],
            ],
          }),
          kind({
            slug: 'horn',
            name: '喇叭',
            names: ['高音喇叭', '低音喇叭', '蜗牛喇叭'],
            price: [90, 360],
            carton: [10, 20],
            fits: 'series',
            oe: '542/6133/951/86510/38150',
            icon: 'box',
            replacements: [
              ['HELLA', '3FH 0## ###-0##'],
              ['BOSCH', '0 986 320 ###'],
            ],
          }),
        ],
      },
    ],
  },
  {
    name: '车身及附件',
    children: [
      {
        name: '外饰件',
        kinds: [
          kind({
            slug: 'bumper',
            name: '保险杠',
            names: ['前保险杠', '后保险杠', '前保险杠下格栅'],
            price: [1200, 4800],
            carton: [0, 1],
            fits: 'series',
            oe: '885/5111/807/52119/71101',
            icon: 'panel',
            replacements: [
              ['BLIC', '5510-00-####9##P'],
              ['VAN WEZEL', '####574'],
            ],
          }),
          kind({
            slug: 'grille',
            name: '中网',
            names: ['中网', '进气格栅', '中网总成'],
            price: [600, 2800],
            carton: [0, 1],
            fits: 'series',
            oe: '888/5113/853/53111/71121',
            icon: 'panel',
            replacements: [
              ['BLIC', '6502-07-####99#P'],
              ['VAN WEZEL', '####518'],
            ],
          }),
          kind({
            slug: 'mirror',
            name: '后视镜',
            names: ['左后视镜总成', '右后视镜总成', '后视镜镜片（左）'],
            price: [900, 3600],
            carton: [0, 1, 2],
            fits: 'series',
            oe: '810/5116/857/87910/76200',
            icon: 'panel',
            replacements: [
              ['BLIC', '5402-04-#######'],
              ['VAN WEZEL', '####807'],
            ],
          }),
          kind({
            slug: 'fender',
            name: '翼子板',
            names: ['左前翼子板', '右前翼子板'],
            price: [500, 1800],
            carton: [0, 1],
            fits: 'series',
            oe: '881/4131/821/53801/60211',
            icon: 'panel',
            replacements: [
              ['BLIC', '6504-04-####31#P'],
              ['VAN WEZEL', '####656'],
            ],
          }),
        ],
      },
      {
        name: '车门及玻璃',
        kinds: [
          kind({
            slug: 'window-regulator',
            name: '玻璃升降器',
            names: ['左前玻璃升降器', '右前玻璃升降器', '左后玻璃升降器', '右后玻璃升降器'],
            price: [380, 1200],
            carton: [0, 2],
            fits: 'series',
            oe: '720/5133/837/69801/72250',
            icon: 'motor',
            replacements: [
              ['VALEO', '######'],
              ['BLIC', '6060-##-###'],
              ['FEBI', '#####'],
            ],
          }),
          kind({
            slug: 'door-lock',
            name: '车门锁块',
            names: ['左前门锁块', '右前门锁块', '后备箱锁块'],
            price: [420, 1400],
            carton: [0, 2],
            fits: 'series',
            oe: '720/5121/837/69040/72110',
            icon: 'box',
            replacements: [
              ['FEBI', '#####'],
              ['VALEO', '######'],
            ],
          }),
          kind({
            slug: 'door-handle',
            name: '外拉手',
            names: ['左前门外拉手', '右前门外拉手', '后门外拉手'],
            price: [120, 480],
            carton: [5, 10],
            fits: 'series',
            oe: '760/5121/837/69210/72141',
            icon: 'box',
            replacements: [
              ['FEBI', '#####'],
              ['BLIC', '6010-##-###'],
            ],
          }),
        ],
      },
      {
        name: '空调系统',
        kinds: [
          kind({
            slug: 'ac-compressor',
            name: '空调压缩机',
            names: ['空调压缩机', '电动空调压缩机'],
            price: [2200, 6800],
            carton: [0, 1],
            fits: 'engine',
            oe: '230/6452/820/88310/38810',
            icon: 'pump',
            replacements: [
              ['DENSO', 'DCP#####'],
              ['SANDEN', '####'],
              ['MAHLE', 'ACP ### ###S'],
            ],
          }),
          kind({
            slug: 'condenser',
            name: '冷凝器',
            names: ['空调冷凝器', '冷凝器总成'],
            price: [600, 1800],
            carton: [0, 1],
            fits: 'series',
            oe: '500/6453/260/88460/80110',
            icon: 'panel',
            replacements: [
              ['NISSENS', '9####'],
              ['MAHLE', 'AC ### ###S'],
              ['VALEO', '######'],
            ],
          }),
          kind({
            slug: 'blower',
            name: '鼓风机',
            names: ['鼓风机', '鼓风机电机'],
            price: [450, 1400],
            carton: [0, 2],
            fits: 'series',
            oe: '906/6411/819/87103/79310',
            icon: 'motor',
            replacements: [
              ['MAHLE', 'AB ### ###S'],
              ['VALEO', '######'],
              ['NISSENS', '87###'],
            ],
          }),
        ],
      },
    ],
  },
  {
    name: '保养件',
    children: [
      {
        name: '滤清器',
        kinds: [
          kind({
            slug: 'oil-filter',
            name: '机油滤清器',
            names: ['机油滤清器', '机油滤芯'],
            price: [30, 110],
            carton: [20, 30, 50],
            fits: 'engine',
            oe: '180/1142/115/90915/15400',
            icon: 'filter',
            weight: 3,
            replacements: [
              ['MANN', 'HU ### x'],
              ['MAHLE', 'OX ###D'],
              ['BOSCH', 'F 026 407 ###'],
              ['HENGST', 'E###H D###'],
            ],
          }),
          kind({
            slug: 'air-filter',
            name: '空气滤清器',
            names: ['空气滤清器', '空气滤芯'],
            price: [60, 220],
            carton: [10, 20, 30],
            fits: 'engine',
            oe: '094/1371/129/17801/17220',
            icon: 'filter',
            weight: 2.5,
            replacements: [
              ['MANN', 'C ## ###'],
              ['MAHLE', 'LX ####'],
              ['BOSCH', 'F 026 400 ###'],
            ],
          }),
          kind({
            slug: 'cabin-filter',
            name: '空调滤清器',
            names: ['空调滤清器', '活性炭空调滤芯'],
            price: [50, 180],
            carton: [20, 30, 50],
            fits: 'series',
            oe: '830/6431/819/87139/80292',
            icon: 'filter',
            weight: 2.5,
            replacements: [
              ['MANN', 'CUK ####'],
              ['MAHLE', 'LAK ###'],
              ['BOSCH', '1 987 435 ###'],
            ],
          }),
          kind({
            slug: 'fuel-filter',
            name: '燃油滤清器',
            names: ['燃油滤清器', '汽油滤芯'],
            price: [80, 380],
            carton: [10, 20],
            fits: 'engine',
            oe: '470/1332/127/23300/16010',
            icon: 'filter',
            replacements: [
              ['MANN', 'WK ###/##'],
              ['MAHLE', 'KL ###'],
              ['BOSCH', 'F 026 402 ###'],
            ],
          }),
        ],
      },
      {
        name: '油液',
        kinds: [
          kind({
            slug: 'engine-oil',
            name: '机油',
            names: ['全合成机油 5W-30 4L', '全合成机油 0W-20 4L', '全合成机油 5W-40 5L'],
            price: [260, 520],
            carton: [4, 6],
            fits: 'engine',
            oe: '989/8321/052/08880/08232',
            icon: 'bottle',
            weight: 1.5,
            replacements: [
              ['CASTROL', '15B#C#'],
              ['MOBIL', '15####'],
              ['SHELL', '550#####'],
            ],
          }),
          kind({
            slug: 'atf',
            name: '变速箱油',
            names: ['自动变速箱油 1L', '双离合变速箱油 1L'],
            price: [90, 220],
            carton: [12, 20],
            fits: 'engine',
            oe: '989/8322/052/08886/08268',
            icon: 'bottle',
            replacements: [
              ['ZF', 'S671 090 ###'],
              ['FEBI', '#####'],
              ['MOBIL', '15####'],
            ],
          }),
          kind({
            slug: 'brake-fluid',
            name: '刹车油',
            names: ['DOT4 刹车油 1L', 'DOT4 LV 刹车油 1L'],
            price: [45, 120],
            carton: [12, 24],
            fits: 'series',
            oe: '989/8313/750/08823/08203',
            icon: 'bottle',
            replacements: [
              ['ATE', '03.9901-####.2'],
              ['BOSCH', '1 987 479 ###'],
              ['TRW', 'PFB###'],
            ],
          }),
          kind({
            slug: 'coolant',
            name: '防冻液',
            names: ['防冻冷却液 1.5L', '长效防冻液 4L'],
            price: [80, 220],
            carton: [6, 12],
            fits: 'series',
            oe: '989/8351/013/08889/08CLA',
            icon: 'bottle',
            replacements: [
              ['FEBI', '#####'],
              ['MOTUL', '1#####'],
            ],
          }),
        ],
      },
      {
        name: '皮带及易损件',
        kinds: [
          kind({
            slug: 'drive-belt',
            name: '多楔带',
            names: ['发电机皮带', '空调皮带', '多楔带'],
            price: [90, 320],
            carton: [10, 20, 50],
            fits: 'engine',
            oe: '993/1128/903/90916/38920',
            icon: 'belt',
            weight: 1.5,
            replacements: [
              ['GATES', '6PK####'],
              ['CONTITECH', '6PK####'],
              ['BOSCH', '1 987 946 ###'],
            ],
          }),
          kind({
            slug: 'wiper-blade',
            name: '雨刮片',
            names: ['前雨刮片（对装）', '后雨刮片', '无骨雨刮片'],
            price: [60, 240],
            carton: [10, 20, 50],
            fits: 'series',
            oe: '820/6161/955/85222/76620',
            icon: 'blade',
            weight: 2,
            replacements: [
              ['BOSCH', '3 397 007 ###'],
              ['VALEO', '57####'],
              ['HELLA', '9XW 1## ###-###'],
            ],
          }),
        ],
      },
    ],
  },
];

/** Every part kind (level-3 category), in tree order. */
export const PART_KINDS: PartKind[] = CATEGORY_TREE.flatMap((g) => g.children.flatMap((c) => c.kinds));

export function findPartKind(slug: string): PartKind | undefined {
  return PART_KINDS.find((kind) => kind.slug === slug);
}
