/**
 * One build of a Worker's app per env and public origin. A Worker built from its
 * env alone bakes one origin into links, cookies' `Secure` flag and signed texture URLs; without
 * `PUBLIC_URL` that origin comes from the request (src/shared/public-origin.ts), so the build is kept
 * per origin. Origins are the site's hosts, not the visitor's choice, so a handful are kept; a failed
 * build is forgotten so the next request tries again (a secret set since, for example).
 * @module
 */

/** Returns the build for `(env, origin)`, making it once; `max` origins are kept per env (oldest dropped). */
export function perOriginBuilds<E extends object, T>(build: (env: E, origin: string) => Promise<T>, max = 8): (env: E, origin: string) => Promise<T> {
  let forEnv: E | undefined
  const byOrigin = new Map<string, Promise<T>>()
  return (env, origin) => {
    if (forEnv !== env) {
      forEnv = env
      byOrigin.clear()
    }
    const kept = byOrigin.get(origin)
    if (kept) return kept
    if (byOrigin.size >= max) byOrigin.delete(byOrigin.keys().next().value!)
    const made = build(env, origin)
    made.catch(() => {
      if (byOrigin.get(origin) === made) byOrigin.delete(origin)
    })
    byOrigin.set(origin, made)
    return made
  }
}
