/**
 * Renders the home page (SPEC §2 `/`): the latest skins strip and the generate form, which after a
 * refused plain form post shows the server's reasons and the values that were sent.
 * @module
 */
import type { Context } from 'hono'
import type { GenerateFormProps } from '../../islands/generate-form'
import { ROUTES, localizePath } from '../../shared/routes'
import { skinListResponseSchema, type SkinListItem } from '../../shared/schemas/api'
import type { AppEnv } from '../env'
import { HomePage } from './home-page'

/** Skins on the home page's latest strip. */
const LATEST_STRIP = 12

/** The home page; `refused` carries a refused plain post's errors and values. */
export async function renderHome(c: Context<AppEnv>, refused?: Pick<GenerateFormProps, 'serverErrors' | 'submitted'>) {
  // The home page must never fail because the gallery is unavailable: the strip is simply left out.
  const latest: SkinListItem[] = await c
    .get('api')
    .call('/v2/skins', skinListResponseSchema, { query: { size: LATEST_STRIP }, silent: true })
    .then((r) => r?.skins ?? [], () => [])
  const generate: GenerateFormProps = {
    action: localizePath(ROUTES.generate, c.get('locale')),
    privateFlag: c.get('flags')['web.visibility.private'],
    ...refused,
  }
  return c.render(<HomePage latest={latest} generate={generate} />, {})
}
