/** Longest search accepted: the longest thing worth typing (a 64-character reference, an id). Read by the header's field too. */
export const SEARCH_MAX_LENGTH = 100;
/** Fewer digits than this match too many numbers to be a search (the payments page's rule too). */
export const PHONE_MIN_DIGITS = 4;
