/**
 * Renders the home page (SPEC §2 `/`): the generate form, which after a refused plain form post
 * shows the server's reasons and the values that were sent, the service stats beside it (`/v2/stats`)
 * and the latest skins strip.
 * @module
 */
import type { Context } from 'hono'
import type { GenerateFormProps } from '../../islands/generate-form'
import { ROUTES, localizePath } from '../../shared/routes'
import { skinListResponseSchema, statsResponseSchema, type SkinListItem } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { HomePage, type HomeStats } from './home-page'

/** Skins on the home page's latest strip. */
const LATEST_STRIP = 12

/** The home page; `refused` carries a refused plain post's errors and values. */
export async function renderHome(c: Context<AppEnv>, refused?: Pick<GenerateFormProps, 'serverErrors' | 'submitted'>) {
  // The home page must never fail because the gallery or the stats are unavailable: the strip or
  // the stats card is simply left out.
  const api = c.get('api')
  const [latest, stats] = await Promise.all([
    api.call('/v2/skins', skinListResponseSchema, { query: { size: LATEST_STRIP }, silent: true }).then((r): SkinListItem[] => r?.skins ?? [], () => []),
    api.call('/v2/stats', statsResponseSchema, { silent: true }).then(
      (r): HomeStats | undefined =>
        r
          ? {
              skins: r.stats.generated.total.new,
              jobs: r.stats.generated.total.new + r.stats.generated.total.duplicate,
              active: r.stats.generator.active.global,
              // What a visitor waits for on average: time in the queue plus generation.
              durationMs: r.stats.generator.duration.pending + r.stats.generator.duration.generate,
            }
          : undefined,
      () => undefined,
    ),
  ])
  const generate: GenerateFormProps = {
    action: localizePath(ROUTES.generate, c.get('locale')),
    privateFlag: c.get('flags')['web.visibility.private'],
    ...refused,
  }
  return c.render(<HomePage latest={latest} generate={generate} stats={stats} />, {})
}
