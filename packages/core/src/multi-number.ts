import type { BrandVariant } from './brand-variants';
import { CONSTANTS } from './constants';
import { normalizePartNumber } from './part-number';

/**
 * The multi-number search text (spec.md section 2 'Multi-number search box', section 5
 * 'Multi-number normalisation'): one part number per line with an optional '=quantity'.
 * The same rules run in the browser (the box, before searching) and on the server (the
 * multi-number search and the spreadsheet import), line by line:
 *
 *  1. Full-width characters are folded (NFKC): '＝', '（', 'Ａ０００' as typed on a Chinese keyboard.
 *  2. A tab between the number and an extra value (cells copied from a spreadsheet) becomes
 *     '=' when the extra value is numeric (a quantity), else ':' (a note, kept aside). A tab at
 *     the start of the line (an empty first cell) is whitespace like any other.
 *  3. Text after an opening bracket is stripped; a quantity inside the brackets
 *     ('A0004200420(2)', '（2个）', '[3 pcs]') becomes '=quantity'.
 *  4. All whitespace is removed; blank lines are dropped.
 *  5. The brand's Chinese short name at the start becomes the brand's own-code prefix
 *     ('福瑞BK-1001' → 'FRBK-1001'), once: '福瑞FR117-0949966' → 'FR117-0949966'.
 *  6. A trailing brand-suffix marker is removed: the brand's Chinese short name or Latin name at
 *     the end, alone or after '-', '_', '/', '#' or '@' ('GDB1234-福瑞', 'GDB1234/FREY').
 *
 * The result is one { number, quantity? } per non-blank line, in input order. A line that is not
 * blank never vanishes: when the rules leave no number ('(2)', '=3'), the line as typed is its
 * number, without quantity or note, and it is simply not found (its norm is ''). More than
 * CONSTANTS.multiNumberMax numbers is refused with a message saying so.
 */
export const MULTI_NUMBER_MAX = CONSTANTS.multiNumberMax;
/** Longest number of a line (after the rules above). */
export const MULTI_NUMBER_LENGTH_MAX = 50;
/** Largest quantity a line may carry. */
export const MULTI_NUMBER_QUANTITY_MAX = 99_999;

export const MULTI_NUMBER_EMPTY_TEXT = '请输入配件编号，每行一个';
export function multiNumberTooManyText(count: number): string {
  return `一次最多查询 ${MULTI_NUMBER_MAX} 个编号，当前有 ${count} 个，请删减或分批查询`;
}
/** What a line with a quantity that cannot be read says (MultiNumberLine.badQuantity). */
export function multiNumberBadQuantityText(typed: string): string {
  return `数量“${typed}”无效，按 1 计`;
}
export function multiNumberTooLongText(line: number): string {
  return `第 ${line} 行编号过长（最多 ${MULTI_NUMBER_LENGTH_MAX} 个字符），请检查`;
}

export interface MultiNumberLine {
  /** The line as typed (trimmed). */
  raw: string;
  /** 1-based line number in the input (blank lines counted). */
  line: number;
  /** The number after the rules ('A0004200420', 'FRBK-1001'). */
  number: string;
  /** normalizePartNumber(number): what is looked up ('' when the line holds no letter or digit, or no number). */
  norm: string;
  /** The quantity given ('=2', '(2)', a tab and 2); undefined when none or not a valid quantity. */
  quantity?: number;
  /**
   * A quantity given that is not a whole number from 1 to MULTI_NUMBER_QUANTITY_MAX ('=0',
   * '=2.5', '=abc', '=999999'), as typed: the line counts 1, and the result says so.
   */
  badQuantity?: string;
  /** A non-numeric extra value after a tab ('刹车片' in 'A0004200420<tab>刹车片'). */
  note?: string;
}

export interface MultiNumberResult {
  lines: MultiNumberLine[];
  /** Why the text cannot be searched as it is (too many numbers, a number too long); null when it can. */
  error: string | null;
}

/** The brand fields the rules use. */
export type MultiNumberBrand = Pick<BrandVariant, 'brandZh' | 'brand' | 'ownCodePrefix'>;

const OPENING_BRACKET = /[([{【〔〖《<]/;
const BRACKET_QUANTITY =
  /^[([{【〔〖《<]\s*(\d+)\s*(?:个|件|只|套|片|支|条|对|盒|箱|pcs?|PCS?|Pcs?)?\s*[)\]}】〕〗》>]/;
const SUFFIX_SEPARATORS = '[-_/#@]';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The brand's trailing-marker patterns (rule 6), made once per brand: a 500-line text uses them on every line. */
const suffixPatternCache = new Map<string, RegExp[]>();
function brandSuffixPatterns(brand: MultiNumberBrand): RegExp[] {
  const key = `${brand.brandZh}\u0000${brand.brand}`;
  let patterns = suffixPatternCache.get(key);
  if (!patterns) {
    patterns = [
      ...(brand.brandZh ? [new RegExp(`${SUFFIX_SEPARATORS}?${escapeRegExp(brand.brandZh)}$`, 'u')] : []),
      ...(brand.brand ? [new RegExp(`${SUFFIX_SEPARATORS}${escapeRegExp(brand.brand)}$`, 'iu')] : []),
    ];
    suffixPatternCache.set(key, patterns);
  }
  return patterns;
}

/**
 * '福瑞BK-1001' → 'FRBK-1001'. Dealers also write the short name before the full own code
 * ('福瑞FR117-0949966'): the prefix is then there already and is not added twice.
 */
function withOwnCodePrefix(number: string, brand: MultiNumberBrand): string {
  const rest = number.slice(brand.brandZh.length).replace(/^[-_/#@]/, '');
  const prefixed = rest.toUpperCase().startsWith(brand.ownCodePrefix.toUpperCase());
  return prefixed ? rest : brand.ownCodePrefix + rest;
}

/**
 * Rule 5 for one number typed in the header search box: '福瑞 117-0000004' → 'FR117-0000004'.
 * Only when the brand's short name is followed by a number (no further Chinese): '福瑞刹车片'
 * stays a name search. Anything else comes back as typed.
 */
export function ownCodeFromBrandName(keyword: string, brand: MultiNumberBrand): string {
  const text = keyword.normalize('NFKC').replace(/\s+/g, '');
  if (!brand.brandZh || !text.startsWith(brand.brandZh)) return keyword;
  const rest = text.slice(brand.brandZh.length);
  if (!/[0-9A-Za-z]/.test(rest) || /\p{Script=Han}/u.test(rest)) return keyword;
  return withOwnCodePrefix(text, brand);
}

function parseQuantity(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MULTI_NUMBER_QUANTITY_MAX ? value : undefined;
}

/**
 * A non-blank line from which the rules read no number: kept as typed, whitespace collapsed (so
 * that the box's text, formatMultiNumbers, reads back the same), looked up as nothing.
 */
function unreadableLine(raw: string, line: number): MultiNumberLine {
  return { raw, line, number: raw.replace(/\s+/g, ' '), norm: '' };
}

/** Rules 1 to 6 for one line; null for a blank line. */
export function parseMultiNumberLine(rawLine: string, brand: MultiNumberBrand, line = 1): MultiNumberLine | null {
  const raw = rawLine.trim();
  if (!raw) return null;
  // Leading whitespace goes first: a tab there is an empty spreadsheet cell, not rule 2's separator.
  let text = raw.normalize('NFKC');
  let quantityText: string | undefined;
  let note: string | undefined;

  // 2. A tab: '=' before a numeric value, ':' before anything else.
  const tab = text.indexOf('\t');
  if (tab >= 0) {
    const extra = text
      .slice(tab + 1)
      .split('\t')
      .map((cell) => cell.trim())
      .find((cell) => cell.length > 0);
    text = text.slice(0, tab);
    if (extra !== undefined) {
      if (/^\d+$/.test(extra)) quantityText = extra;
      else note = extra;
    }
  }

  // '=quantity' (or ':note' written by hand) after the number.
  const separator = text.search(/[=:]/);
  if (separator >= 0) {
    const tail = text.slice(separator + 1).trim();
    if (text[separator] === '=') quantityText ??= tail;
    else if (tail) note ??= tail;
    text = text.slice(0, separator);
  }

  // 3. Brackets: the quantity inside becomes '=quantity'; the rest of the line goes.
  const bracket = text.search(OPENING_BRACKET);
  if (bracket >= 0) {
    const inside = BRACKET_QUANTITY.exec(text.slice(bracket));
    if (inside) quantityText ??= inside[1];
    text = text.slice(0, bracket);
  }

  // 4. No whitespace at all.
  let number = text.replace(/\s+/g, '');
  if (!number) return unreadableLine(raw, line);

  // 5. The brand's Chinese short name as a prefix.
  if (brand.brandZh && number.startsWith(brand.brandZh)) number = withOwnCodePrefix(number, brand);

  // 6. A trailing brand-suffix marker.
  let stripped = number;
  for (const pattern of brandSuffixPatterns(brand)) stripped = stripped.replace(pattern, '');
  // A line that is only the marker keeps it (it is then simply not found).
  if (stripped) number = stripped;

  const quantity = parseQuantity(quantityText);
  const typedQuantity = quantityText?.trim() ?? '';
  return {
    raw,
    line,
    number,
    norm: normalizePartNumber(number),
    ...(quantity !== undefined ? { quantity } : {}),
    ...(quantity === undefined && typedQuantity ? { badQuantity: typedQuantity.slice(0, 20) } : {}),
    ...(note ? { note } : {}),
  };
}

/** The whole text: one entry per non-blank line, in input order, and the error if any. */
export function parseMultiNumbers(text: string, brand: MultiNumberBrand): MultiNumberResult {
  const lines: MultiNumberLine[] = [];
  text.split(/\r\n|\r|\n/).forEach((rawLine, index) => {
    const parsed = parseMultiNumberLine(rawLine, brand, index + 1);
    if (parsed) lines.push(parsed);
  });
  let error: string | null = null;
  if (lines.length > MULTI_NUMBER_MAX) error = multiNumberTooManyText(lines.length);
  else {
    const long = lines.find((l) => l.number.length > MULTI_NUMBER_LENGTH_MAX);
    if (long) error = multiNumberTooLongText(long.line);
  }
  return { lines, error };
}

/** The text form: 'number=quantity' (or 'number') per line, as the box and the import use it. */
export function formatMultiNumbers(lines: readonly Pick<MultiNumberLine, 'number' | 'quantity'>[]): string {
  return lines.map((l) => (l.quantity !== undefined ? `${l.number}=${l.quantity}` : l.number)).join('\n');
}

/**
 * True when the keyword is a multi-number search: more than one non-blank line, or one line
 * carrying a quantity ('A0004200420=2', as the multi-number box sends a single number).
 */
export function isMultiNumberKeyword(keyword: string): boolean {
  const lines = keyword.split(/\r\n|\r|\n/).filter((l) => l.trim().length > 0);
  return lines.length > 1 || (lines.length === 1 && /[=＝]\s*[0-9０-９]+\s*$/.test(lines[0]!));
}
