/**
 * A part or series name as the name search compares it: NFKC (full-width letters, digits and
 * brackets as their half-width forms, as a Chinese input method may type either), no whitespace,
 * lower case. '前刹车片(陶瓷)' and '前刹车片（陶瓷）' compare equal, as do '０Ｗ－２０' and '0w-20'.
 */
export function compactName(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, '').toLowerCase();
}
