/**
 * Where a user's generated avatar is served (identicon from the user id, src/accounts/routes/avatar.ts).
 * @module
 */
import type { AccountsDeps } from '../deps'

/** `<base>/avatar/<id>.svg`. */
export const avatarPath = (deps: Pick<AccountsDeps, 'basePath'>, userId: string) => `${deps.basePath.replace(/\/+$/, '')}/avatar/${userId}.svg`
