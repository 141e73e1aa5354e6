// Review's and Trades' date range presets, as written in the address (`?range=month`;
// dateRanges.ts, docs/product.md "Review"). A module of their own, so the API's messages need not
// load the date ranges, and the app's first download (which carries constants.ts) does not carry them.

export const DATE_RANGE_PRESETS = ['week', 'month', 'last30', 'year', 'all'] as const;
export type DateRangePreset = (typeof DATE_RANGE_PRESETS)[number];
