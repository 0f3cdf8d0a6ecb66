/**
 * Who a job event stream counts against (docs/api.md "Job events", `EVENT_STREAMS_PER_CALLER`): an
 * API key, and that key's user as well, so several keys of one account share its allowance; a
 * signed-in user; an anonymous caller by its client address, since a new client cookie costs nothing
 * (behind the web app the address is the visitor's, forwarded by its proxy). The first key also names
 * the caller's bucket for streams opened per minute.
 * @module
 */
import type { Identity } from '../../users/identity/identity'

/** The quota keys of `who`. */
export function streamQuota(who: Pick<Identity, 'kind' | 'apiKeyId' | 'userId' | 'clientId' | 'ip'>): string[] {
  if (who.apiKeyId) return [`k:${who.apiKeyId}`, ...(who.userId ? [`u:${who.userId}`] : [])]
  if (who.userId) return [`u:${who.userId}`]
  return [`a:${who.ip ?? who.clientId ?? 'unknown'}`]
}
