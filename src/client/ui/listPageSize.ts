/**
 * Rows rendered at first, and added per "Show more": a journal of 10,000 plans renders (and
 * re-renders on each keystroke of the search) about what a screen can show, not the whole list:
 * 25 rows fill a desktop screen, and many more than a phone's, where rows stack as cards. It is
 * also how many rows a list reads first, before the whole collection (useCollection's `head`).
 */
export const LIST_PAGE_SIZE = 25;
