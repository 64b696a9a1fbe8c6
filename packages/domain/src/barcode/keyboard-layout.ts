/**
 * Russian (ЙЦУКЕН) to Latin (QWERTY) keyboard-layout conversion.
 * Spec part 1 §4 rule 2: a keyboard-wedge scanner types key presses, so on a Russian layout
 * it sends 'реезыЖ..' for 'https://'; the text is turned back into what the keys meant.
 */

/**
 * What each character typed on the Russian layout means on the same key of the US layout:
 * the letter keys, and the punctuation keys whose output differs (unshifted and shifted).
 * Keys that type the same on both layouts (digits, '-', '=', '!', '%', '*', '(', ')', '_',
 * '+', '\') are absent and stay as they are.
 */
const RU_TO_EN: Readonly<Record<string, string>> = {
  й: 'q', ц: 'w', у: 'e', к: 'r', е: 't', н: 'y', г: 'u', ш: 'i', щ: 'o', з: 'p', х: '[', ъ: ']',
  ф: 'a', ы: 's', в: 'd', а: 'f', п: 'g', р: 'h', о: 'j', л: 'k', д: 'l', ж: ';', э: "'",
  я: 'z', ч: 'x', с: 'c', м: 'v', и: 'b', т: 'n', ь: 'm', б: ',', ю: '.', ё: '`',
  Й: 'Q', Ц: 'W', У: 'E', К: 'R', Е: 'T', Н: 'Y', Г: 'U', Ш: 'I', Щ: 'O', З: 'P', Х: '{', Ъ: '}',
  Ф: 'A', Ы: 'S', В: 'D', А: 'F', П: 'G', Р: 'H', О: 'J', Л: 'K', Д: 'L', Ж: ':', Э: '"',
  Я: 'Z', Ч: 'X', С: 'C', М: 'V', И: 'B', Т: 'N', Ь: 'M', Б: '<', Ю: '>', Ё: '~',
  // Punctuation: '/'-key, Shift+'/'-key, Shift+2, Shift+3, Shift+4, Shift+6, Shift+7, Shift+'\'.
  '.': '/', ',': '?', '"': '@', '№': '#', ';': '$', ':': '^', '?': '&', '/': '|',
}; // prettier-ignore

const CYRILLIC = /[\u0400-\u04FF]/u;

/** True when the text contains a Cyrillic letter (a hint that it was typed on a Russian layout). */
export function hasCyrillic(text: string): boolean {
  return CYRILLIC.test(text);
}

/**
 * Converts text typed on a Russian (ЙЦУКЕН) layout into what the same keys type on a US
 * (QWERTY) layout, e.g. 'реезыЖ..' → 'https://'. Characters off the mapping stay as they are.
 */
export function convertRussianLayoutToLatin(text: string): string {
  let out = '';
  for (const ch of text) out += RU_TO_EN[ch] ?? ch;
  return out;
}
