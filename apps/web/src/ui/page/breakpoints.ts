/**
 * Spec part 1 §2: layout breakpoints. CSS media queries repeat these numbers (custom
 * properties cannot be used inside a media query): 1184 and up is the two-column desktop,
 * below 992 a single column, below 558 the handheld layout.
 */
export const BREAKPOINTS = { desktop: 1184, wide: 992, handheld: 558 } as const;
