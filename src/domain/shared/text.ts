/**
 * The length of a text in characters as a person counts them: code points, so an accented letter or
 * an emoji is one character (JavaScript's `length` counts UTF-16 units, two for an emoji). Every limit
 * on text, the domain's and the edge's, is counted this way.
 */
export const characterCount = (text: string): number => [...text].length;
