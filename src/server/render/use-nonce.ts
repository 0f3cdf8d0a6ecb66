/**
 * The CSP nonce of the response being rendered (set by
 * `middleware/security-headers.ts`), for every `<script>` and `modulepreload` link the server renders.
 * @module
 */
import { useRequestContext } from '@hono/react-renderer'
import type { AppEnv } from '../env'

/** The nonce, or undefined outside the security middleware (a bare test app). */
export const useNonce = (): string | undefined => useRequestContext<AppEnv>().get('nonce')
