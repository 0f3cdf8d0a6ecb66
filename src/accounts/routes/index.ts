/**
 * The account site's route registry: each entry registers its routes on the app. Pages of other
 * areas (API keys, notifications, credits, signing accounts) add one line each here (see ../README.md).
 * @module
 */
import type { Hono } from 'hono'
import type { AccountsEnv } from '../env'
import { registerAdminRoutes } from './admin'
import { registerAuthRoutes } from './auth'
import { registerAvatarRoute } from './avatar'
import { registerCreditsRoutes } from './credits'
import { registerKeysRoutes } from './keys'
import { registerLinkRoutes } from './links'
import { registerManageRoutes } from './manage'
import { registerMinecraftRoutes } from './minecraft'
import { registerNotificationRoutes } from './notifications'
import { registerProofRoutes } from './proof'
import { registerSigningAccountRoutes } from './signing-accounts'
import { registerTokenRoutes } from './tokens'
import { registerVerifyRoutes } from './verify'

/** Registers routes on the account app. */
export type RegisterRoutes = (app: Hono<AccountsEnv>) => void

/** Every route group, registered in this order. */
export const ACCOUNT_ROUTES: RegisterRoutes[] = [
  registerAuthRoutes,
  registerLinkRoutes,
  registerVerifyRoutes,
  registerProofRoutes,
  registerTokenRoutes,
  registerAvatarRoute,
  registerManageRoutes,
  registerKeysRoutes,
  registerNotificationRoutes,
  registerCreditsRoutes,
  registerMinecraftRoutes,
  registerSigningAccountRoutes,
  registerAdminRoutes,
]
