// Not a React hook despite its name: it builds the option tree from the package's tables.
import { useCascaderAreaData as buildCascaderAreaData } from '@vant/area-data';

/** Province → city → district options of @vant/area-data (codes are 6-digit area codes). */
export interface AreaOption {
  text: string;
  value: string;
  children?: AreaOption[];
}

let cached: AreaOption[] | undefined;
export function areaOptions(): AreaOption[] {
  cached ??= buildCascaderAreaData() as AreaOption[];
  return cached;
}

/** The picker's path [province, city, district] codes for a stored address, or undefined. */
export function areaPath(address: {
  area_code: string;
  province: string;
  city: string;
  district: string;
}): string[] | undefined {
  const options = areaOptions();
  const code = address.area_code;
  if (/^\d{6}$/.test(code)) {
    const province = options.find((p) => p.value.slice(0, 2) === code.slice(0, 2));
    const city = province?.children?.find((c) => c.value.slice(0, 4) === code.slice(0, 4));
    const district = city?.children?.find((d) => d.value === code);
    if (province && city && district) return [province.value, city.value, district.value];
  }
  const province = options.find((p) => p.text === address.province);
  const city = province?.children?.find((c) => c.text === address.city);
  const district = city?.children?.find((d) => d.text === address.district);
  return province && city && district ? [province.value, city.value, district.value] : undefined;
}

/** The names of a picked path ['', '', ''] when incomplete. */
export function areaNames(path: readonly string[] | undefined): [string, string, string] {
  const options = areaOptions();
  const province = options.find((p) => p.value === path?.[0]);
  const city = province?.children?.find((c) => c.value === path?.[1]);
  const district = city?.children?.find((d) => d.value === path?.[2]);
  return [province?.text ?? '', city?.text ?? '', district?.text ?? ''];
}
