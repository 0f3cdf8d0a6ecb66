/**
 * Colour themes (SPEC §9): dark by default, light on request. The choice lives in a cookie so the
 * server renders the right theme and the page never flashes.
 * @module
 */

/** The two themes. */
export type Theme = 'dark' | 'light'
/** Cookie that remembers the theme. */
export const THEME_COOKIE = 'theme'
/** The theme a visitor gets without a choice. */
export const DEFAULT_THEME: Theme = 'dark'

/** Reads a theme cookie value, falling back to dark. */
export const parseTheme = (value: string | undefined): Theme => (value === 'light' ? 'light' : DEFAULT_THEME)

/** Cookie string remembering a theme for a year. */
export const themeCookieValue = (theme: Theme): string => `${THEME_COOKIE}=${theme}; Max-Age=31536000; Path=/; SameSite=Lax`
