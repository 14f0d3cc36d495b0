const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/**
 * Whether a JSON text nests objects and arrays deeper than `maxDepth` (the outermost value is level 1,
 * CONTRACT 7 "Nesting"). One pass over the characters with a counter, no recursion, so no body can
 * overflow the stack here; brackets inside strings do not count. Meant for text that parsed as JSON.
 */
export function jsonNestedDeeperThan(text: string, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i += 1;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth -= 1;
    }
  }
  return false;
}
