const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Whether a string holds half of a surrogate pair on its own: not a character, and written to
 * SQLite or UTF-8 as U+FFFD, so the text would be stored changed. A JSON `"\ud800"` escape or a
 * percent-decoded name can carry one.
 */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);
