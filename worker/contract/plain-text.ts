import * as z from "zod/mini";

/**
 * Unicode's "Other" characters (\p{C}): controls (Cc: NUL, tab, line breaks), format characters
 * (Cf: bidi overrides, isolates and marks, zero-width spaces and joiners, the byte order mark,
 * the soft hyphen), lone surrogates (Cs), private use (Co) and unassigned code points (Cn). None
 * of them belongs in a name: they are invisible, cut what follows short ("a\u0000b" was shown as
 * "a") or turn the text around it (U+202E), so a name could pass for another one.
 */
const invisibleOrControl = /\p{C}/u;

/**
 * A control character other than tab and line breaks: free text (a description) may have
 * several lines, but a NUL or an escape sequence is never meant.
 */
const controlOtherThanLineBreaks = /(?![\t\n\r])\p{Cc}/u;

/** The check for every name a person or the shop chooses (docs/decisions/0032-bounded-inputs.md). */
export const visibleCharactersOnly = () =>
  z.refine<string>((value) => !invisibleOrControl.test(value), {
    error: "must not contain control, invisible or unassigned characters",
  });

/** The check for descriptions: line breaks and tabs are fine, other control characters are not. */
export const noControlCharacters = () =>
  z.refine<string>((value) => !controlOtherThanLineBreaks.test(value), {
    error: "must not contain control characters",
  });
