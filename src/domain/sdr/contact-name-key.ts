// The sort key of a contact's name (CONTRACT 8.2 `sortBy=name`), stored so the database sorts by it.

const EXPANSIONS: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ð: 'd',
  þ: 'th',
};

/**
 * A stored key whose binary order is the order of `compareContacts` by name (pt-BR, base strength:
 * case and accents do not count): lower case, accents removed, then per character a class (white
 * space, punctuation and symbols, digits) before letters, as the collation ranks them. Two names the
 * collator calls equal get the same key, so the session id breaks the tie in both.
 */
export function nameSortKey(name: string): string {
  let key = '';
  for (const char of name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()) {
    const expanded = EXPANSIONS[char] ?? char;
    if (/\s/u.test(expanded)) key += '\u0001';
    else if (/\d/u.test(expanded)) key += `\u0003${expanded}`;
    else if (/[\p{L}]/u.test(expanded)) key += expanded;
    else {
      // The collation ranks ASCII punctuation and symbols in its own order; others after them.
      const rank = COLLATION_PUNCTUATION.indexOf(expanded);
      key += rank >= 0 ? `\u0002${String.fromCharCode(0x21 + rank)}` : `\u0002\u0080${expanded}`;
    }
  }
  return key;
}

/** ASCII punctuation and symbols in the order of the pt-BR collation (ICU root), as Intl.Collator ranks them. */
const COLLATION_PUNCTUATION = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
