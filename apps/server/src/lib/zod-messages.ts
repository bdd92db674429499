import { z } from 'zod';

/**
 * Zod's messages of the request checks in plain Chinese. A schema's own text says what is wrong
 * where it matters ('商品编号不正确'); for the rest zod's zh-CN locale names types and bounds in
 * English ('期望 string，实际接收 undefined', '期望 number <=100'). This map says the common cases
 * (a missing or mistyped field, a number or a length out of bounds) as a staff member or a dealer
 * reads them, and leaves the others to the locale.
 */
const TYPE_TEXTS: Record<string, string> = {
  string: '文字',
  number: '数字',
  int: '整数',
  bigint: '整数',
  boolean: '是或否',
  array: '列表',
  object: '对象',
  date: '日期',
};

/** The unit of a length bound by what is measured. */
const SIZE_UNITS: Record<string, string> = { string: '个字符', array: '项', set: '项', file: '字节' };
const NUMBER_ORIGINS = new Set(['number', 'int', 'bigint']);

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function plainText(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return '必填';
      const type = TYPE_TEXTS[issue.expected];
      return type ? `应为${type}` : undefined;
    }
    case 'too_big': {
      const max = String(issue.maximum);
      if (NUMBER_ORIGINS.has(issue.origin)) return issue.inclusive ? `不能大于 ${max}` : `应小于 ${max}`;
      const unit = SIZE_UNITS[issue.origin];
      return unit ? `不能超过 ${max} ${unit}` : undefined;
    }
    case 'too_small': {
      const min = String(issue.minimum);
      if (NUMBER_ORIGINS.has(issue.origin)) return issue.inclusive ? `不能小于 ${min}` : `应大于 ${min}`;
      const unit = SIZE_UNITS[issue.origin];
      if (!unit) return undefined;
      return Number(issue.minimum) === 1 && issue.inclusive !== false ? '不能为空' : `至少 ${min} ${unit}`;
    }
    default:
      return undefined;
  }
}

const zhCN = z.locales.zhCN().localeError;

/** Makes plain Chinese zod's messages in this process (the errors plugin sets it once). */
export function useChineseZodMessages(): void {
  z.config({ localeError: (issue) => plainText(issue) ?? zhCN(issue) });
}
