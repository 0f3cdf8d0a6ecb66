/**
 * Business constants and limits from SPEC §9, in one place so every part reads the same numbers.
 * @module
 */

/** Product name used in titles: '{page title} - Skin Signature Generator' (SPEC §1). */
export const PRODUCT_NAME = 'Skin Signature Generator'

/** Valid lengths of a skin identifier in `/{skin}` and `/skins/{skin}` (SPEC §5, §9): short id, uuid, dashed uuid. */
export const SKIN_ID_LENGTHS = [8, 32, 36] as const

/** Right drawer width in px (SPEC §9). */
export const DRAWER_WIDTH = 320
/** App bar height in px (SPEC §9). */
export const APP_BAR_HEIGHT = 56

/** Breakpoints in px (SPEC §9). */
export const BREAKPOINTS = { sm: 600, md: 960, lg: 1280, xl: 1920, xxl: 2560 } as const

/** Theme primary colours (SPEC §9): dark is the default theme. */
export const THEME_PRIMARY = { dark: '#2196F3', light: '#1867C0' } as const

/** Snackbar defaults (SPEC §9): timeout 5000 ms, -1 never closes, stacked with 50 px spacing. */
export const SNACKBAR = { timeout: 5000, never: -1, spacing: 50, jobFinishedTimeout: 2000, jobOtherTimeout: 1400, toastTimeout: 2000 } as const

/** Queue view limits (SPEC §9): newest 8 jobs shown, jobs older than 2 days removed. */
export const QUEUE_VIEW = { maxJobs: 8, maxAgeMs: 2 * 24 * 60 * 60 * 1000 } as const

/**
 * Tags a skin page lists, the highest scores first (as the API orders them): the API keeps every tag
 * anyone votes up, and a page listing them all would have no size limit (HTML ≤ 30 KB on
 * every page, DESIGN.md §4; the budget test builds a skin with this many tags of the longest length).
 */
export const SKIN_PAGE_TAGS = 8

/** Own skins list cap, oldest dropped first (SPEC §9). */
export const MY_SKINS_CAP = 100

/** Job display name limits (SPEC §3, §9). */
export const JOB_NAME = { maxLength: 32, idLength: 8 } as const

/** Token refresh interval, 45 minutes (SPEC §4, §9). */
export const TOKEN_REFRESH_MS = 45 * 60 * 1000

/** The header that identifies this client to the API (SPEC §7 "client identification header"). */
export const CLIENT_HEADER = { name: 'MineSkin-User-Agent', value: 'SkinSignatureGenerator-Web' } as const

/** Delay before the generating flag clears once a job finished and none is pending (SPEC §4). */
export const GENERATING_CLEAR_DELAY_MS = 100
