/**
 * Seeded random skin names (api-contract "P").
 * @module
 */
export { randomName } from './random-name'
