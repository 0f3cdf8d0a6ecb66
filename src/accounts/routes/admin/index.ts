/**
 * The operator console in the account site: `/admin` (site status, admins),
 * `/admin/reports` and `/admin/audit` (moderators and admins), `/admin/users` (admins). Every page
 * checks the role itself (../../require-staff.tsx); every form is a same-origin POST (the app's
 * CSRF check) answered with a 303 back to the page.
 * @module
 */
import type { Hono } from 'hono'
import type { AccountsEnv } from '../../env'
import { registerAuditRoutes } from './audit'
import { registerReportRoutes } from './reports'
import { registerStatusRoutes } from './status'
import { registerUserRoutes } from './users'

/** The console's route groups; each area adds one line. */
const ADMIN_ROUTES: ((app: Hono<AccountsEnv>) => void)[] = [registerStatusRoutes, registerReportRoutes, registerAuditRoutes, registerUserRoutes]

/** Registers every console route. */
export function registerAdminRoutes(app: Hono<AccountsEnv>) {
  for (const register of ADMIN_ROUTES) register(app)
}
