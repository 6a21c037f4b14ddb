/** Go's encoding/json refuses to open more than this many arrays and objects at once (`exceeded max depth`). */
export const GO_MAX_NESTING_DEPTH = 10_000;

/**
 * How deeply `text` nests arrays and objects, counted without parsing and without recursion, stopping once past
 * `limit`: bodies are bounded before anything (a parser's reviver, a validator rendering the value, JSON.stringify)
 * walks them recursively and overflows the stack.
 */
export function jsonNestingExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
    }
  }
  return false;
}

const BACKSLASH = 0x5c;
const QUOTE = 0x22;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
