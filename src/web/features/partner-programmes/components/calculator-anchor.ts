/** The ids a link or a submitted form lands on: the partner programme panel and its calculator. */
export const PARTNER_PANEL_ANCHOR = 'partner-programme';
export const CALCULATOR_ANCHOR = 'profit-calculator';
