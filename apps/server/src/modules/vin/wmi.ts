/**
 * World manufacturer identifiers (VIN positions 1–3) of the makes in our catalog and of the
 * main Chinese joint-venture and domestic makers, with names in Chinese. `make` is the make as
 * our catalog names it (makes.name_zh) where the maker builds one of our makes, so a VIN can
 * be placed on the catalog's vehicles; joint ventures that build several makes (一汽-大众 builds
 * 大众 and 奥迪) name the usual one and the VIN patterns decide.
 */
export interface WmiEntry {
  manufacturer: string;
  make: string;
  country: string;
}

const CN = '中国';
const DE = '德国';
const GB = '英国';
const SE = '瑞典';
const JP = '日本';
const US = '美国';

function e(manufacturer: string, make: string, country: string): WmiEntry {
  return { manufacturer, make, country };
}

export const WMI_TABLE: Readonly<Record<string, WmiEntry>> = {
  // Makes of the demo catalog, built abroad.
  WDD: e('梅赛德斯-奔驰（戴姆勒）', '奔驰', DE),
  WDC: e('梅赛德斯-奔驰（戴姆勒）SUV', '奔驰', DE),
  WDB: e('梅赛德斯-奔驰（戴姆勒）', '奔驰', DE),
  W1K: e('梅赛德斯-奔驰', '奔驰', DE),
  W1N: e('梅赛德斯-奔驰 SUV', '奔驰', DE),
  '4JG': e('梅赛德斯-奔驰（美国工厂）', '奔驰', US),
  WBA: e('宝马（德国）', '宝马', DE),
  WBS: e('宝马 M 公司', '宝马', DE),
  WBY: e('宝马 i 系列', '宝马', DE),
  '5UX': e('宝马（美国斯帕坦堡工厂）SUV', '宝马', US),
  WAU: e('奥迪（德国）', '奥迪', DE),
  WA1: e('奥迪（德国）SUV', '奥迪', DE),
  WUA: e('奥迪 quattro 公司', '奥迪', DE),
  SAL: e('路虎（英国）', '路虎', GB),
  SAJ: e('捷豹（英国）', '捷豹', GB),
  YV1: e('沃尔沃（瑞典）', '沃尔沃', SE),
  YV4: e('沃尔沃（瑞典）SUV', '沃尔沃', SE),
  WVW: e('大众（德国）', '大众', DE),
  WVG: e('大众（德国）SUV', '大众', DE),
  '3VW': e('大众（墨西哥）', '大众', '墨西哥'),
  JTD: e('丰田（日本）', '丰田', JP),
  JTE: e('丰田（日本）', '丰田', JP),
  JTM: e('丰田（日本）SUV', '丰田', JP),
  JTN: e('丰田（日本）', '丰田', JP),
  '4T1': e('丰田（美国）', '丰田', US),
  JHM: e('本田（日本）', '本田', JP),
  '1HG': e('本田（美国）', '本田', US),
  WP0: e('保时捷（德国）', '保时捷', DE),
  WP1: e('保时捷（德国）SUV', '保时捷', DE),

  // Chinese joint ventures that build makes of our catalog.
  LE4: e('北京奔驰', '奔驰', CN),
  LBV: e('华晨宝马', '宝马', CN),
  LFV: e('一汽-大众', '大众/奥迪', CN),
  LSV: e('上汽大众', '大众', CN),
  LFM: e('一汽丰田', '丰田', CN),
  LTV: e('一汽丰田（天津）', '丰田', CN),
  LVG: e('广汽丰田', '丰田', CN),
  LHG: e('广汽本田', '本田', CN),
  LVH: e('东风本田', '本田', CN),
  LYV: e('沃尔沃亚太（中国）', '沃尔沃', CN),
  LVY: e('沃尔沃汽车（大庆）', '沃尔沃', CN),
  L2C: e('奇瑞捷豹路虎', '捷豹/路虎', CN),

  // Other Chinese joint-venture and domestic makers.
  LVS: e('长安福特', '福特', CN),
  LGB: e('东风日产', '日产', CN),
  LDC: e('神龙汽车（东风标致/雪铁龙）', '标致/雪铁龙', CN),
  LSG: e('上汽通用', '别克/雪佛兰/凯迪拉克', CN),
  LNB: e('北京汽车', '北汽', CN),
  LGX: e('比亚迪', '比亚迪', CN),
  LC0: e('比亚迪', '比亚迪', CN),
  LB3: e('吉利汽车', '吉利', CN),
  L6T: e('吉利汽车', '吉利', CN),
  LS5: e('长安汽车', '长安', CN),
  LJD: e('东风悦达起亚', '起亚', CN),
  LBE: e('北京现代', '现代', CN),
  LGW: e('长城汽车', '长城/哈弗', CN),
  LVV: e('奇瑞汽车', '奇瑞', CN),
  LFP: e('一汽轿车', '一汽奔腾/红旗', CN),
  LMG: e('广汽乘用车', '广汽传祺', CN),
  LZW: e('上汽通用五菱', '五菱/宝骏', CN),
  LSJ: e('上汽乘用车', '荣威/名爵', CN),
  LRW: e('特斯拉（上海）', '特斯拉', CN),
  LVR: e('长安马自达', '马自达', CN),
  LJ1: e('江淮汽车', '江淮', CN),
  LDN: e('东南汽车', '东南', CN),
  LGA: e('东风汽车', '东风', CN),
  LEF: e('江铃汽车', '江铃', CN),
};

/** Countries by the first character when the WMI is not in the table (ISO 3780 regions). */
const REGIONS: [RegExp, string][] = [
  [/^L/, CN],
  [/^J/, JP],
  [/^K[L-R]/, '韩国'],
  [/^[1-5]/, '北美'],
  [/^W/, DE],
  [/^S[A-M]/, GB],
  [/^Y[S-W]/, SE],
  [/^V[F-R]/, '法国'],
  [/^Z[A-R]/, '意大利'],
  [/^9/, '南美'],
];

/** The maker of a VIN's WMI; manufacturer and make '' when unknown (the country may still be told). */
export function lookupWmi(wmi: string): WmiEntry {
  const entry = WMI_TABLE[wmi];
  if (entry) return entry;
  return { manufacturer: '', make: '', country: REGIONS.find(([re]) => re.test(wmi))?.[1] ?? '' };
}
