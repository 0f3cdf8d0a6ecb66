/**
 * The nine interface languages (SPEC §3 "Locales", §9). `en` is the default and has no URL prefix.
 * @module
 */
/** Locale codes in menu order (SPEC §2). */
export const LOCALE_CODES = ['en', 'de', 'es', 'fr', 'ru', 'pl', 'hi', 'pt', 'id'] as const

/** A supported locale code. */
export type Locale = (typeof LOCALE_CODES)[number]

/** The fallback language (SPEC §4). */
export const DEFAULT_LOCALE: Locale = 'en'

/** Code, language tag and name of each locale as SPEC §3 lists them, plus the name in the language itself (what a reader looks for in the select). */
export const LOCALES: readonly { code: Locale; tag: string; name: string; nativeName: string }[] = [
  { code: 'en', tag: 'en-US', name: 'English', nativeName: 'English' },
  { code: 'de', tag: 'de-DE', name: 'German', nativeName: 'Deutsch' },
  { code: 'es', tag: 'es-ES', name: 'Spanish', nativeName: 'Español' },
  { code: 'fr', tag: 'fr-FR', name: 'French', nativeName: 'Français' },
  { code: 'ru', tag: 'ru-RU', name: 'Russian', nativeName: 'Русский' },
  { code: 'pl', tag: 'pl-PL', name: 'Polish', nativeName: 'Polski' },
  { code: 'hi', tag: 'hi-HI', name: 'Hindi', nativeName: 'हिन्दी' },
  { code: 'pt', tag: 'pt-PT', name: 'Portuguese', nativeName: 'Português' },
  { code: 'id', tag: 'id-ID', name: 'Indonesian', nativeName: 'Bahasa Indonesia' },
]

/** True when `value` is a supported locale code (no zod here: this module ships to the browser). */
export const isLocale = (value: unknown): value is Locale => (LOCALE_CODES as readonly unknown[]).includes(value)

/** Name of the cookie that remembers an explicit language choice (SPEC §4, §9). */
export const LOCALE_COOKIE = 'locale'
/** Lifetime of the locale cookie: 365 days (SPEC §9). */
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60
