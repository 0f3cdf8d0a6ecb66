/**
 * Zod schemas of every request and response of the embedded MineSkin-v2-compatible API.
 * Browser-safe: only `zod` is imported.
 * @module
 */
export * from './common'
export * from './rate-limit'
export * from './skin'
export * from './job'
export * from './generate'
export * from './batch'
export * from './misc'
export * from './me'
export * from './usage'
export * from './v1'
export * from './editor'
