/**
 * SSRF-safe image fetching, page rewrites, data URLs and skin-link recognition (api-contract "P").
 * @module
 */
export { createSafeFetcher, MAX_IMAGE_URL_LENGTH, type FetchedImage, type SafeFetchOptions } from './safe-fetch'
export { rewriteImageUrl, type RewriteContext } from './rewrite-image-url'
export { blockedAddressReason } from './blocked-address'
export { decodePngDataUrl, isPngDataUrl, MAX_DATA_URL_LENGTH } from './data-url'
export { skinIdFromUrl, textureHashFromUrl } from './skin-links'
